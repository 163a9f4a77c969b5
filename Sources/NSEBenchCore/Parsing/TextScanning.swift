extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> Substring {
        let text = Substring(self)
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return Substring() }
        return text[first...last]
    }

    /// Splits a quantity such as `1.5MB` or `250 ms` into its number (`1.5`) and its unit (`MB`),
    /// each trimmed; the unit is empty for a bare number.
    func splitNumberAndUnit() -> (number: Substring, unit: Substring) {
        let text = trimmingWhitespace()
        let end = text.firstIndex(where: { !($0.isASCIIDigit || $0 == ".") }) ?? text.endIndex
        return (text[..<end], text[end...].trimmingWhitespace())
    }
}
