import CFontconfig

/// fontconfig queries, always made under ``FontLibrary``'s lock.
extension FontLibrary {
    struct Match {
        let path: String
        let index: Int
        let family: String
        /// Whether the matched font's family is the one asked for (case-insensitively), rather
        /// than fontconfig's substitute.
        let familyMatches: Bool
    }

    /// A pattern asking for `descriptor`'s family, weight and slant, with fontconfig's
    /// substitutions applied, ready to match or sort. The caller destroys it.
    static func pattern(for descriptor: FontDescriptor) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        _ = descriptor.family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: 1) { FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenTypeDouble(Double(descriptor.weight.rawValue))))
        _ = FcPatternAddInteger(pattern, FC_SLANT, descriptor.isItalic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        return pattern
    }

    static func match(_ descriptor: FontDescriptor) -> Match? {
        guard let pattern = pattern(for: descriptor) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        guard let path = string(FC_FILE, of: match) else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
        let wanted = descriptor.family.lowercased()
        var families: [String] = []
        var position: Int32 = 0
        while let family = string(FC_FAMILY, of: match, at: position) {
            families.append(family)
            position += 1
        }
        return Match(path: path, index: Int(index), family: families.first ?? "",
                     familyMatches: families.contains { $0.lowercased() == wanted })
    }

    /// fontconfig's fallback order for `descriptor` (FcFontSort, trimmed to fonts that add
    /// coverage), each with a copy of its charset.
    static func sortedCandidates(for descriptor: FontDescriptor) -> [FallbackCandidate] {
        guard let pattern = pattern(for: descriptor) else { return [] }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let set = FcFontSort(nil, pattern, FcTrue, nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        var candidates: [FallbackCandidate] = []
        for position in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[position], let path = string(FC_FILE, of: font) else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            var charset: OpaquePointer?
            let copy = FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch ? FcCharSetCopy(charset) : nil
            candidates.append(FallbackCandidate(path: path, index: Int(index), charset: copy))
        }
        return candidates
    }

    private static func string(_ object: String, of pattern: OpaquePointer, at position: Int32 = 0) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, position, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
