import CCairo
import CFontconfig
import CFreeType
import CHarfBuzz
import Foundation
@_spi(LaminaInternals) import LaminaTrace

/// The process-wide font store: one FreeType library, fontconfig's answers, and every
/// ``FontFace`` loaded so far, all behind one lock.
///
/// FreeType's library is not thread-safe for loading faces, and fontconfig's configuration is
/// shared, so both are used only under the lock. Every answer is cached: a family resolves once,
/// a file loads once, a fallback search for a code point runs once per primary face. Nothing is
/// ever unloaded — cairo keeps font faces in its own caches anyway, and the set of fonts a
/// process uses is small.
final class FontLibrary: Sendable {
    static let shared = FontLibrary()

    struct State {
        var library: FT_Library?
        var faces: [String: FontFace] = [:]
        var failedFiles: Set<String> = []
        var resolved: [FontDescriptor: FontFace] = [:]
        var warnedFamilies: [String: Int] = [:]
        /// Per primary face path: fontconfig's sorted fallback list (file, index, charset).
        var fallbackLists: [String: [FallbackCandidate]] = [:]
        /// Per primary face path and code point: the face that draws it, if any.
        var fallbackAnswers: [FallbackKey: FontFace?] = [:]
        var emojiFace: FontFace??
    }

    struct FallbackCandidate {
        let path: String
        let index: Int
        /// The font's charset, owned (copied) by the library.
        let charset: OpaquePointer?
    }

    struct FallbackKey: Hashable {
        let primary: String
        let scalar: UInt32
        let allowsColor: Bool
    }

    /// A POSIX lock (not `Synchronization.Mutex`, whose futex path Thread Sanitizer cannot see).
    let state = Locked(State())

    private init() {}

    /// The face a descriptor resolves to through fontconfig (the family's best match for weight
    /// and slant). An unknown family resolves to fontconfig's default with one logged warning per
    /// family name.
    func face(for descriptor: FontDescriptor) -> FontFace? {
        state.withLock { state -> FontFace? in
            if let face = state.resolved[descriptor] { return face }
            guard let match = Self.match(descriptor) else { return nil }
            if !match.familyMatches {
                Self.warnUnknownFamily(descriptor.family, in: &state, using: match.family)
            }
            let face = Self.loadFace(path: match.path, index: match.index, in: &state)
            if let face { state.resolved[descriptor] = face }
            return face
        }
    }

    /// The face of the font file at `path` (face `index`), or nil when it cannot be loaded.
    func face(path: String, index: Int) -> FontFace? {
        state.withLock { Self.loadFace(path: path, index: index, in: &$0) }
    }

    /// How many warnings the unknown family `name` has logged (for tests: at most one).
    func warningCount(forFamily name: String) -> Int {
        state.withLock { $0.warnedFamilies[name.lowercased()] ?? 0 }
    }

    private static func warnUnknownFamily(_ family: String, in state: inout State, using fallback: String) {
        let key = family.lowercased()
        let count = state.warnedFamilies[key] ?? 0
        state.warnedFamilies[key] = count + 1
        guard count == 0 else { return }
        Trace.instant(.unknownFontFamily, arguments: ["family": family, "fallback": fallback])
        let message = "Lamina: no installed font family \"\(family)\"; using \"\(fallback)\" instead\n"
        FileHandle.standardError.write(Data(message.utf8))
    }

    /// Loads (or finds) the face of one font file: FreeType face for cairo, HarfBuzz font with its
    /// OpenType functions over the file's own blob.
    static func loadFace(path: String, index: Int, in state: inout State) -> FontFace? {
        let key = "\(path)#\(index)"
        if let face = state.faces[key] { return face }
        guard !state.failedFiles.contains(key) else { return nil }
        guard let face = makeFace(path: path, index: index, library: library(in: &state)) else {
            state.failedFiles.insert(key)
            return nil
        }
        state.faces[key] = face
        return face
    }

    private static func library(in state: inout State) -> FT_Library? {
        if state.library == nil {
            var library: FT_Library?
            if FT_Init_FreeType(&library) == 0 { state.library = library }
        }
        return state.library
    }

    private static func makeFace(path: String, index: Int, library: FT_Library?) -> FontFace? {
        guard let library, index >= 0, index < Int(Int32.max) else { return nil }
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard hb_face_count(blob) > UInt32(index) else { return nil }
        let hbFace = hb_face_create(blob, UInt32(index))
        defer { hb_face_destroy(hbFace) }
        guard hb_face_get_glyph_count(hbFace) > 0, let hbFont = hb_font_create(hbFace) else { return nil }
        // The default scale is one unit per font unit: advances come back unhinted, in font units.
        hb_font_make_immutable(hbFont)

        var loaded: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &loaded) == 0, let ftFace = loaded else {
            hb_font_destroy(hbFont)
            return nil
        }
        // FT_LOAD_COLOR lets cairo render colour bitmap glyphs (the emoji font) in colour.
        let flags = Int32(truncatingIfNeeded: FT_LOAD_COLOR)
        guard let cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace, flags),
              cairo_font_face_status(cairoFace) == CAIRO_STATUS_SUCCESS else {
            FT_Done_Face(ftFace)
            hb_font_destroy(hbFont)
            return nil
        }
        let family = ftFace.pointee.family_name.map { String(cString: $0) } ?? ""
        return FontFace(path: path, index: index, familyName: family, hbFont: hbFont, cairoFace: cairoFace)
    }
}
