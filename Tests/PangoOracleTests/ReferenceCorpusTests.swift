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
