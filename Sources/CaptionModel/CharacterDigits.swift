extension Character {
    /// 0-9 only: `isNumber` alone also takes other scripts' digits, fractions and numerals.
    public var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
