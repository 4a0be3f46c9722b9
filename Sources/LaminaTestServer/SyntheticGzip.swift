import Foundation

/// Gzip bodies made on the spot, for the server's hostile routes.
public enum SyntheticGzip {
    /// A gzip member whose deflate stream inflates to `count` zero bytes from very few: one
    /// literal zero, then back-references of length 258 at distance 1 in a fixed-Huffman block,
    /// 13 bits each — a ratio of about 160 to 1. The trailer is honest (CRC-32 and size), so a
    /// client that inflated it all would find it valid; the point is that a client must stop
    /// long before.
    public static func bomb(decompressedBytes count: Int) -> Data {
        precondition(count >= 1, "a gzip bomb inflates to at least one byte")
        var writer = BitWriter()
        writer.bits(1, count: 1)               // BFINAL
        writer.bits(1, count: 2)               // BTYPE 01: fixed Huffman codes
        writer.huffman(0x30, length: 8)        // literal 0
        var remaining = count - 1
        while remaining >= 258 {
            writer.huffman(0xC5, length: 8)    // length code 285: 258 bytes, no extra bits
            writer.huffman(0, length: 5)       // distance code 0: distance 1
            remaining -= 258
        }
        for _ in 0..<remaining { writer.huffman(0x30, length: 8) }
        writer.huffman(0, length: 7)           // end of block (256)
        var data = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF])
        data.append(writer.finish())
        appendLittleEndian(crc32OfZeros(count), to: &data)
        appendLittleEndian(UInt32(truncatingIfNeeded: count), to: &data)
        return data
    }

    private static func appendLittleEndian(_ value: UInt32, to data: inout Data) {
        for shift in stride(from: 0, to: 32, by: 8) { data.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// CRC-32 (IEEE, reflected) of `count` zero bytes in O(log count): feeding a zero byte is a
    /// linear map of the 32-bit register, so `count` of them is that map's `count`-th power.
    static func crc32OfZeros(_ count: Int) -> UInt32 {
        // The map for one zero byte, as the images of the 32 basis vectors.
        var power = (0..<32).map { bit in zeroByteStep(UInt32(1) << UInt32(bit)) }
        var register: UInt32 = 0xFFFF_FFFF
        var n = count
        while n > 0 {
            if n & 1 == 1 { register = apply(power, to: register) }
            power = power.map { apply(power, to: $0) }
            n >>= 1
        }
        return register ^ 0xFFFF_FFFF
    }

    private static func zeroByteStep(_ register: UInt32) -> UInt32 {
        var r = register
        for _ in 0..<8 { r = r & 1 == 1 ? (r >> 1) ^ 0xEDB8_8320 : r >> 1 }
        return r
    }

    private static func apply(_ map: [UInt32], to vector: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for bit in 0..<32 where vector & (UInt32(1) << UInt32(bit)) != 0 { result ^= map[bit] }
        return result
    }
}

/// Packs deflate's bit stream: fields least-significant bit first, Huffman codes most
/// significant bit first.
private struct BitWriter {
    private var bytes: [UInt8] = []
    private var accumulator: UInt64 = 0
    private var filled = 0

    mutating func bits(_ value: UInt32, count: Int) {
        accumulator |= UInt64(value) << UInt64(filled)
        filled += count
        while filled >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= 8
            filled -= 8
        }
    }

    mutating func huffman(_ code: UInt32, length: Int) {
        var reversed: UInt32 = 0
        for i in 0..<length where code & (1 << UInt32(i)) != 0 { reversed |= 1 << UInt32(length - 1 - i) }
        bits(reversed, count: length)
    }

    mutating func finish() -> Data {
        if filled > 0 { bytes.append(UInt8(truncatingIfNeeded: accumulator)) }
        return Data(bytes)
    }
}
