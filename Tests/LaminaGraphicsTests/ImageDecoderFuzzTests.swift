import Foundation
import LaminaGraphics
import Testing

/// A seeded fuzz-style run: 10,000+ inputs mutated from the fixtures (bit flips, byte
/// overwrites, truncation, insertion, duplicated chunks and markers). Every input must give an
/// image or an `ImageDecodingError` — a crash fails the whole run. `LAMINA_FUZZ_SEED` replays
/// another seed; `LAMINA_FUZZ_COUNT` runs more inputs.
@Suite("ImageDecoder fuzzing")
struct ImageDecoderFuzzTests {
    static let seed = ProcessInfo.processInfo.environment["LAMINA_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x1A31_0F22
    static let count = ProcessInfo.processInfo.environment["LAMINA_FUZZ_COUNT"].flatMap(Int.init) ?? 10_000

    @Test("every mutated input decodes or throws a typed error")
    func mutatedInputs() throws {
        let seeds = try DecoderFixtures.decodable.map { try DecoderFixtures.data($0) }
        var random = SeededRandom(seed: Self.seed)
        var (decoded, refused) = (0, 0)
        for index in 0..<Self.count {
            let input = Self.mutate(seeds[index % seeds.count], using: &random)
            do {
                let image = try ImageDecoder.decode(input, maximumPixelSize: index % 7 == 0 ? 16 : nil)
                #expect(image.width >= 1 && image.height >= 1, "seed \(Self.seed), input \(index)")
                decoded += 1
            } catch {
                refused += 1
            }
        }
        #expect(decoded + refused == Self.count)
        #expect(decoded > 0 && refused > 0, "seed \(Self.seed): \(decoded) decoded, \(refused) refused")
    }

    /// One to four mutations of `data`.
    static func mutate(_ data: Data, using random: inout SeededRandom) -> Data {
        var bytes = [UInt8](data)
        for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: bytes[at] ^= 1 << UInt8.random(in: 0...7, using: &random)
            case 1: bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 2: bytes.removeSubrange(at...)
            case 3: bytes.insert(contentsOf: (0..<Int.random(in: 1...16, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: at)
            case 4:
                // Duplicates a stretch: a chunk or marker segment appearing twice.
                let end = min(bytes.count, at + Int.random(in: 4...64, using: &random))
                bytes.insert(contentsOf: bytes[at..<end], at: end)
            default: bytes[at] = [0x00, 0xFF, 0x7F, 0x80][Int.random(in: 0...3, using: &random)]
            }
        }
        return Data(bytes)
    }
}
