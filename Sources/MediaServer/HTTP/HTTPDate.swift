/// Formats the `Date` field's value (RFC 9110 §5.6.7, IMF-fixdate) without Foundation.
public enum HTTPDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT` for the given Unix time (whole seconds, UTC).
    public static func imfFixdate(secondsSince1970 seconds: Int) -> String {
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        let weekday = weekdays[floorDivision(days, 7).remainder]
        let hour = secondOfDay / 3600
        let minute = secondOfDay / 60 % 60
        let second = secondOfDay % 60
        return "\(weekday), \(twoDigits(day)) \(months[month - 1]) \(fourDigits(year)) "
            + "\(twoDigits(hour)):\(twoDigits(minute)):\(twoDigits(second)) GMT"
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = ((value % divisor) + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }

    /// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static func fourDigits(_ value: Int) -> String {
        let text = "\(value)"
        return String(repeating: "0", count: Swift.max(0, 4 - text.count)) + text
    }
}
