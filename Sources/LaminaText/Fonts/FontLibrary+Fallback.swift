import CFontconfig
@_spi(LaminaInternals) import LaminaTrace

/// Per-cluster fallback: which installed face draws a character the primary face lacks.
extension FontLibrary {
    /// The face that draws `scalar` when `primary` does not: the first font of fontconfig's
    /// fallback order for the primary's descriptor whose charset has it, or nil when no installed
    /// font has it. `allowsColor` false skips colour (emoji) fonts, for text presentation.
    /// Answers are cached per primary face and code point.
    func fallbackFace(for scalar: UInt32, primary: FontFace, descriptor: FontDescriptor, allowsColor: Bool) -> FontFace? {
        let key = FallbackKey(primary: primary.path, scalar: scalar, allowsColor: allowsColor)
        return state.withLock { state -> FontFace? in
            if let answer = state.fallbackAnswers[key] { return answer }
            if state.fallbackLists[primary.path] == nil {
                state.fallbackLists[primary.path] = Self.sortedCandidates(for: descriptor)
            }
            var answer: FontFace?
            for candidate in state.fallbackLists[primary.path] ?? [] {
                guard let charset = candidate.charset, FcCharSetHasChar(charset, scalar) == FcTrue,
                      candidate.path != primary.path || candidate.index != primary.index,
                      let face = Self.loadFace(path: candidate.path, index: candidate.index, in: &state),
                      allowsColor || !face.isColor, face.covers(scalar)
                else { continue }
                answer = face
                break
            }
            state.fallbackAnswers[key] = .some(answer)
            return answer
        }
    }

    /// The colour emoji face (Noto Color Emoji, which the install script installs), or nil when
    /// fontconfig finds no colour font for "emoji".
    var emojiFace: FontFace? {
        state.withLock { state -> FontFace? in
            if let known = state.emojiFace { return known }
            var found: FontFace?
            for family in ["Noto Color Emoji", "emoji"] {
                let descriptor = FontDescriptor(family: family, weight: .regular, isItalic: false)
                if let match = Self.match(descriptor),
                   let face = Self.loadFace(path: match.path, index: match.index, in: &state), face.isColor {
                    found = face
                    break
                }
            }
            state.emojiFace = .some(found)
            return found
        }
    }
}
