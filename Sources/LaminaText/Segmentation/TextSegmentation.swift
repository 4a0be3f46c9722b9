import CLaminaShims

/// Where the characters and words of a piece of text begin and end, in UTF-16 offsets: what an
/// editor moves the caret by, selects on a double click, and deletes with Backspace and Delete.
///
/// - **Characters** are extended grapheme clusters (Unicode UAX #29, as Swift's `Character`
///   counts them): an emoji with its skin-tone modifier, a flag, a letter with its combining
///   marks, a Hangul syllable spelled in conjoining jamo are one character each. The arrow keys
///   and Delete (forward) move and delete by character.
/// - **Words** are ICU's word-break segments (UAX #29 word boundaries, with ICU's dictionaries
///   for Thai, Japanese and Chinese); each segment is a word (letters, digits, kana, ideographs)
///   or not (spaces, punctuation).
/// - **Backspace** deletes less than a character where the platforms do: see
///   ``backspaceStart(before:)``.
public struct TextSegmentation: Sendable {
    /// The text's UTF-16 length.
    public let count: Int
    /// Character boundaries, ascending, from 0 to ``count``.
    public let characterBoundaries: [Int]
    /// Word boundaries, ascending, from 0 to ``count``.
    public let wordBoundaries: [Int]
    /// For each segment between two word boundaries, whether it is a word.
    private let segmentIsWord: [Bool]
    /// The Unicode scalars of each character, with their UTF-16 offsets, for Backspace.
    private let string: String

    /// Segments `string`; `locale` is an ICU locale ID for the word rules (nil: the root locale).
    public init(_ string: String, locale: String? = nil) {
        self.string = string
        var boundaries = [0]
        boundaries.reserveCapacity(string.utf16.count + 1)
        var offset = 0
        for character in string {
            offset += character.utf16.count
            boundaries.append(offset)
        }
        count = offset
        characterBoundaries = boundaries
        (wordBoundaries, segmentIsWord) = Self.words(of: Array(string.utf16), locale: locale)
    }

    private static func words(of units: [UInt16], locale: String?) -> ([Int], [Bool]) {
        let capacity = units.count + 1
        var offsets = [Int32](repeating: 0, count: capacity)
        var isWord = [UInt8](repeating: 0, count: capacity)
        let found = units.withUnsafeBufferPointer { text in
            lamina_word_boundaries(locale, text.baseAddress, Int32(units.count), &offsets, &isWord, Int32(capacity))
        }
        // Without ICU's word rules every character boundary stands in (each one a word).
        guard found > 0 else { return ([0, units.count], [true]) }
        return (offsets.prefix(Int(found)).map(Int.init), isWord.prefix(Int(found) - 1).map { $0 != 0 })
    }

    // MARK: - Characters

    /// The character boundary at or before `offset` (clamped to the text).
    public func characterBoundary(atOrBefore offset: Int) -> Int {
        let offset = clamp(offset)
        return characterBoundaries[lastIndex(in: characterBoundaries, atOrBefore: offset)]
    }

    /// The start of the character before `offset`: where Left moves in left-to-right text and
    /// Shift-Left extends to (0 at the start).
    public func characterBoundary(before offset: Int) -> Int {
        let offset = clamp(offset)
        let index = lastIndex(in: characterBoundaries, atOrBefore: offset)
        let boundary = characterBoundaries[index]
        return boundary < offset ? boundary : characterBoundaries[max(index - 1, 0)]
    }

    /// The end of the character after `offset`: what Delete removes up to (``count`` at the end).
    public func characterBoundary(after offset: Int) -> Int {
        let offset = clamp(offset)
        let index = lastIndex(in: characterBoundaries, atOrBefore: offset)
        return characterBoundaries[min(index + 1, characterBoundaries.count - 1)]
    }

    // MARK: - Words

    /// The start of the word before `offset`, skipping the spaces and punctuation between:
    /// where Ctrl-Left goes (0 when no word precedes).
    public func wordStart(before offset: Int) -> Int {
        let offset = clamp(offset)
        var segment = segmentIndex(containing: offset - 1)
        while segment >= 0 {
            if segmentIsWord[segment], wordBoundaries[segment] < offset { return wordBoundaries[segment] }
            segment -= 1
        }
        return 0
    }

    /// The end of the word after `offset`, skipping the spaces and punctuation between: where
    /// Ctrl-Right goes (``count`` when no word follows).
    public func wordEnd(after offset: Int) -> Int {
        let offset = clamp(offset)
        var segment = max(segmentIndex(containing: offset), 0)
        while segment < segmentIsWord.count {
            if segmentIsWord[segment], wordBoundaries[segment + 1] > offset { return wordBoundaries[segment + 1] }
            segment += 1
        }
        return count
    }

    /// The word segment (or run of spaces or punctuation) at `offset`, as a double click
    /// selects it: the segment that starts at `offset` or contains it; at the end of the text,
    /// the last one. Empty for empty text.
    public func wordRange(at offset: Int) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let segment = segmentIndex(containing: min(clamp(offset), count - 1))
        return wordBoundaries[segment]..<wordBoundaries[segment + 1]
    }

    /// Whether the segment holding `offset` is a word (false outside the text).
    public func isWord(at offset: Int) -> Bool {
        guard offset >= 0, offset < count else { return false }
        return segmentIsWord[segmentIndex(containing: offset)]
    }

    // MARK: - Backspace

    /// Where Backspace at `offset` deletes back to.
    ///
    /// It deletes the last code point of the character before the caret, not the whole
    /// character, so that a combining accent, a vowel sign or a conjoining jamo can be taken
    /// back on its own — except where the character is one symbol made of several code points,
    /// which goes whole: CR LF, an emoji with a skin-tone modifier, a sequence joined by ZWJ, a
    /// flag (two regional indicators, or a tag sequence), a keycap, and a base with its variation
    /// selector. That is the rule of Chromium's `BackspaceStateMachine`
    /// (`third_party/blink/renderer/core/editing/state_machines/backspace_state_machine.cc`).
    /// Delete (forward) removes the whole character (``characterBoundary(after:)``).
    public func backspaceStart(before offset: Int) -> Int {
        let offset = clamp(offset)
        let start = characterBoundary(before: offset)
        guard start < offset else { return offset }
        // The character before the caret ends at `offset` only when `offset` is a boundary;
        // inside a character Backspace deletes back to its start.
        guard characterBoundary(atOrBefore: offset) == offset else { return characterBoundary(atOrBefore: offset) }
        let utf16 = string.utf16
        let from = utf16.index(utf16.startIndex, offsetBy: start)
        let to = utf16.index(utf16.startIndex, offsetBy: offset)
        let scalars = string.unicodeScalars[from..<to]
        guard scalars.count > 1, !scalars.contains(where: Self.joinsIntoOneSymbol) else { return start }
        if scalars.first == "\r" { return start }
        return offset - (scalars.last.map { $0.utf16.count } ?? 1)
    }

    /// Scalars that make their character one symbol for Backspace.
    private static func joinsIntoOneSymbol(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200D: true  // ZERO WIDTH JOINER
        case 0x20E3: true  // COMBINING ENCLOSING KEYCAP
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF: true  // variation selectors
        case 0x1F1E6...0x1F1FF: true  // regional indicators
        case 0x1F3FB...0x1F3FF: true  // emoji modifiers (skin tones)
        case 0xE0020...0xE007F: true  // tags (subdivision flags)
        default: false
        }
    }

    // MARK: - Helpers

    private func clamp(_ offset: Int) -> Int { min(max(offset, 0), count) }

    /// The index of the last element of `sorted` that is at most `value` (0 when none is).
    private func lastIndex(in sorted: [Int], atOrBefore value: Int) -> Int {
        var low = 0, high = sorted.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if sorted[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The word segment containing `offset` (clamped to the segments; -1 before the text).
    private func segmentIndex(containing offset: Int) -> Int {
        guard offset >= 0 else { return -1 }
        return min(lastIndex(in: wordBoundaries, atOrBefore: offset), segmentIsWord.count - 1)
    }
}
