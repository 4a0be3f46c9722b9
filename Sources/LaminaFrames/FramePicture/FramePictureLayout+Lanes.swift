extension FramePictureLayout {
    /// Where a thread's lane goes: the main thread first, then display queues, then the render
    /// server, then any other thread — the order a frame flows through them.
    static func laneRank(_ name: String) -> Int {
        if name == "main" { return 0 }
        if name.hasPrefix("display") { return 1 }
        if name.hasPrefix("render") { return 2 }
        return 3
    }

    /// `threads` (in order of first appearance) sorted by rank, keeping that order within a rank.
    static func laneOrder(_ threads: [Int32], names: [Int32: String]) -> [Int32] {
        threads.enumerated()
            .sorted { (laneRank(names[$0.element] ?? ""), $0.offset) < (laneRank(names[$1.element] ?? ""), $1.offset) }
            .map(\.element)
    }

    /// Each lane's label: the thread's name, `name (tid)` when threads share it, `tid N` for none.
    static func laneLabels(_ threads: [Int32], names: [Int32: String]) -> [Int32: String] {
        var counts: [String: Int] = [:]
        for thread in threads { counts[names[thread] ?? "", default: 0] += 1 }
        var labels: [Int32: String] = [:]
        for thread in threads {
            let name = names[thread] ?? ""
            labels[thread] = name.isEmpty ? "tid \(thread)" : (counts[name] ?? 0) > 1 ? "\(name) (\(thread))" : name
        }
        return labels
    }
}
