/// Appends JSON text to a byte buffer: just enough for the Chrome trace, without Foundation.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    /// Appends `text` as it is: punctuation and keys known to need no escaping.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends a number or other text already in JSON form.
    mutating func literal(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends `text` as a JSON string: quoted, with quotes, backslashes and control characters
    /// escaped. Other characters pass through as UTF-8, except U+2028 and U+2029, which are valid
    /// JSON but end a line in JavaScript, so they are escaped for viewers that `eval`.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x08: raw("\\b")
            case 0x09: raw("\\t")
            case 0x0A: raw("\\n")
            case 0x0C: raw("\\f")
            case 0x0D: raw("\\r")
            case 0x00..<0x20, 0x2028, 0x2029: unicodeEscape(scalar.value)
            case 0x20..<0x80: bytes.append(UInt8(scalar.value))
            default: UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `{"key":"value",…}` with keys sorted, so the output is deterministic.
    mutating func stringObject(_ dictionary: [String: String]) {
        raw("{")
        for (index, element) in dictionary.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { raw(",") }
            string(element.key)
            raw(":")
            string(element.value)
        }
        raw("}")
    }

    private mutating func unicodeEscape(_ value: UInt32) {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        raw("\\u")
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(digits[Int((value >> UInt32(shift)) & 0xF)])
        }
    }
}
