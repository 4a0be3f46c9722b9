import LaminaGraphics
import LaminaTrace

/// The picture's colours: one fill per category, light enough for dark labels, distinct enough
/// to tell the stages of a frame apart; and the greys of the frame around them.
public enum FramePicturePalette {
    /// The fill of `category`'s boxes, ticks and legend sample.
    public static func color(of category: TraceCategory) -> Color {
        switch category {
        case .loop: Color(hex: "#C9CED6")!
        case .observer: Color(hex: "#A9C6E8")!
        case .timer: Color(hex: "#F2C46D")!
        case .source: Color(hex: "#D7B8E8")!
        case .block: Color(hex: "#B8E0D2")!
        case .dispatch: Color(hex: "#9FD8E8")!
        case .transaction: Color(hex: "#7FB3F0")!
        case .display: Color(hex: "#8FD18F")!
        case .render: Color(hex: "#F29E8E")!
        case .animation: Color(hex: "#F5A3C7")!
        case .image: Color(hex: "#E8B4CF")!
        case .text: Color(hex: "#E6D98A")!
        }
    }

    /// The picture's background.
    public static let background = Color(hex: "#FFFFFF")!
    /// Every other lane's band, so lanes read apart.
    public static let laneStripe = Color(hex: "#F4F5F7")!
    /// Labels, box outlines and the title.
    public static let ink = Color(hex: "#222222")!
    /// The frame-interval grid.
    public static let grid = Color(hex: "#D2462F")!
    /// Flow arrows.
    public static let arrow = Color(hex: "#3A3FB0")!
}
