import PangoOracle
import Testing

/// The reference corpus is complete and every paragraph gives Pango a well-formed answer.
@Suite("Reference corpus")
struct ReferenceCorpusTests {
    @Test("the corpus has at least 64 paragraphs with unique names")
    func sizeAndNames() {
        let names = ReferenceCorpus.paragraphs.map(\.name)
        #expect(names.count >= 64)
        #expect(Set(names).count == names.count)
        #expect(ReferenceCorpus.paragraph(named: "break-crlf")?.text == "First line\r\nSecond line")
    }

    @Test("every paragraph uses a positive size, a finite width and non-empty text")
    func wellFormed() {
        for paragraph in ReferenceCorpus.paragraphs {
            #expect(paragraph.pixelSize > 0, "\(paragraph)")
            #expect(paragraph.width.isFinite && paragraph.width >= 0, "\(paragraph)")
            #expect(!paragraph.text.isEmpty, "\(paragraph)")
        }
    }

    @Test("the corpus holds every hard break and every kind of special space")
    func coversTheCases() {
        let scalars = Set(ReferenceCorpus.paragraphs.flatMap { $0.text.unicodeScalars.map(\.value) })
        let required: [UInt32] = [
            0x0A, 0x0D, 0x2028, 0x2029, 0x00AD, 0x00A0, 0x202F, 0x3000, 0x200B, 0x0301,
        ] + Array(0x2000...0x200A)
        for value in required {
            #expect(scalars.contains(value), "no paragraph holds U+\(String(value, radix: 16, uppercase: true))")
        }
        #expect(ReferenceCorpus.paragraphs.contains { $0.text.contains("\r\n") })
        #expect(ReferenceCorpus.paragraphs.contains { $0.width <= 1 })
    }

    @Test("every paragraph gives line starts that begin at 0 and increase within the text")
    func startsIncrease() {
        for paragraph in ReferenceCorpus.paragraphs {
            let length = paragraph.text.utf16.count
            for starts in [paragraph.pangoLineStarts(), paragraph.normalizedPangoLineStarts()] {
                #expect(starts.first == 0, "\(paragraph)")
                #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 }, "\(paragraph): \(starts)")
                #expect(starts.allSatisfy { $0 <= length }, "\(paragraph): \(starts)")
            }
        }
    }

    @Test("the reference label is 194 characters and five lines at 320 px")
    func referenceLabel() throws {
        let label = try #require(ReferenceCorpus.paragraph(named: "english-reference-label"))
        #expect(label.text.count == 194)
        #expect(label.normalizedPangoLineStarts() == [0, 40, 80, 117, 158])
    }
}

/// `ReferenceCorpus.disagreements(with:)`, the comparison LaminaText's test runs.
@Suite("Comparing an engine with Pango")
struct DisagreementTests {
    @Test("Pango agrees with itself on every paragraph, raw or normalised")
    func pangoAgreesWithItself() {
        #expect(ReferenceCorpus.disagreements { $0.pangoLineStarts() }.isEmpty)
        #expect(ReferenceCorpus.disagreements { $0.normalizedPangoLineStarts() }.isEmpty)
    }

    @Test("an engine that never wraps disagrees exactly where Pango makes several lines")
    func oneLineEngineDisagrees() throws {
        let disagreements = ReferenceCorpus.disagreements { _ in [0] }
        let expected = ReferenceCorpus.paragraphs.filter { $0.normalizedPangoLineStarts().count > 1 }
        #expect(disagreements.map(\.paragraph) == expected)
        let single = try #require(disagreements.first { $0.paragraph.name == "english-two-words-wrap" })
        #expect(single.description.contains("\"Hello \" | \"world\""))
    }

    @Test("starts outside the text or out of order are reported, not trapped on")
    func badStartsAreDisagreements() {
        let outside = ReferenceCorpus.disagreements { [0, $0.text.utf16.count + 5] }
        #expect(outside.count == ReferenceCorpus.paragraphs.count)
        #expect(outside.first?.description.contains("outside the text") == true)
        let unordered = ReferenceCorpus.disagreements { _ in [3, 1] }
        #expect(unordered.count == ReferenceCorpus.paragraphs.count)
    }
}
