/// A notification a real app might send: its text and the `thread-id` and `category` it would carry.
struct NotificationTemplate: Sendable, Hashable {
    var title: String
    var body: String
    var threadIdentifier: String
    var category: String

    var text: NotificationText { NotificationText(title: title, body: body) }
}

/// The realistic notifications ``PayloadGenerator`` draws from: shopping, deliveries, messages, news,
/// money, travel and reminders, with lengths like real ones (20 to 110 bytes of body), one with
/// non-ASCII text. Every entry keeps the largest generated payload far below 4096 bytes; the generator
/// checks this at configuration time.
enum NotificationTextCatalogue {
    static let templates: [NotificationTemplate] = [
        NotificationTemplate(
            title: "Flash sale", body: "40% off everything until midnight. Tap to shop the deals before they're gone.",
            threadIdentifier: "promotions", category: "PROMOTION"),
        NotificationTemplate(
            title: "Back in stock", body: "The Trail Runner 2 in size 42 is back. Only a few pairs left.",
            threadIdentifier: "promotions", category: "PROMOTION"),
        NotificationTemplate(
            title: "Price drop on your wishlist", body: "Noise-cancelling headphones are now $179, down from $249.",
            threadIdentifier: "promotions", category: "PROMOTION"),
        NotificationTemplate(
            title: "Your cart misses you",
            body: "You left 3 items in your cart. Complete your order for free shipping.",
            threadIdentifier: "promotions", category: "CART_REMINDER"),
        NotificationTemplate(
            title: "Your order has shipped", body: "Order #48213 is on its way and should arrive Thursday.",
            threadIdentifier: "orders", category: "ORDER_UPDATE"),
        NotificationTemplate(
            title: "Out for delivery", body: "Your package will arrive today between 2 and 6 pm.",
            threadIdentifier: "orders", category: "ORDER_UPDATE"),
        NotificationTemplate(
            title: "Delivered", body: "Your package was left at the front door at 3:42 pm.",
            threadIdentifier: "orders", category: "ORDER_UPDATE"),
        NotificationTemplate(
            title: "Refund processed", body: "We refunded $24.99 to your Visa ending in 4417.",
            threadIdentifier: "orders", category: "ORDER_UPDATE"),
        NotificationTemplate(
            title: "Alex Chen", body: "Are we still on for dinner at 7? I booked a table for four.",
            threadIdentifier: "chat-alex", category: "MESSAGE"),
        NotificationTemplate(
            title: "Team Standup", body: "Priya: the deploy is blocked on the migration, can someone review #812?",
            threadIdentifier: "chat-standup", category: "MESSAGE"),
        NotificationTemplate(
            title: "Mom", body: "Call me when you land, love you", threadIdentifier: "chat-mom", category: "MESSAGE"),
        NotificationTemplate(
            title: "New voice message", body: "Jordan sent you a voice message (0:42).",
            threadIdentifier: "chat-jordan", category: "VOICE_MESSAGE"),
        NotificationTemplate(
            title: "Breaking news",
            body: "Central bank holds interest rates steady and signals two cuts later this year.",
            threadIdentifier: "news", category: "NEWS"),
        NotificationTemplate(
            title: "Match update", body: "GOAL! City 2-1 United, 78'. Penalty converted in the bottom corner.",
            threadIdentifier: "sports", category: "SCORE"),
        NotificationTemplate(
            title: "Weather alert",
            body: "Heavy rain expected from 4 pm. Flood warnings are in effect for the river valley.",
            threadIdentifier: "weather", category: "ALERT"),
        NotificationTemplate(
            title: "Payment received", body: "You received $120.00 from Sam Rivera for concert tickets.",
            threadIdentifier: "payments", category: "PAYMENT"),
        NotificationTemplate(
            title: "Unusual sign-in",
            body: "A new sign-in to your account from Chrome on Windows in Lisbon, Portugal. Was this you?",
            threadIdentifier: "security", category: "SECURITY"),
        NotificationTemplate(
            title: "Your statement is ready",
            body: "Your March statement is available. Balance due: $1,284.16 by April 21.",
            threadIdentifier: "payments", category: "STATEMENT"),
        NotificationTemplate(
            title: "Gate change",
            body: "Flight BA 287 to San Francisco now departs from gate B42. Boarding starts at 10:35.",
            threadIdentifier: "trips", category: "FLIGHT"),
        NotificationTemplate(
            title: "Your ride is arriving", body: "Maria is 2 minutes away in a grey Toyota Prius, plate 7XKP392.",
            threadIdentifier: "rides", category: "RIDE"),
        NotificationTemplate(
            title: "Check-in is open", body: "Check in now for tomorrow's 09:15 flight to Tokyo and choose your seat.",
            threadIdentifier: "trips", category: "FLIGHT"),
        NotificationTemplate(
            title: "Sam liked your photo", body: "Sam Rivera and 12 others liked your photo from the lake.",
            threadIdentifier: "social", category: "SOCIAL"),
        NotificationTemplate(
            title: "Reminder", body: "Dentist appointment tomorrow at 9:30 am. Reply C to confirm.",
            threadIdentifier: "reminders", category: "REMINDER"),
        NotificationTemplate(
            title: "Café Lumière", body: "Votre flat white à l'avoine est prêt ☕ Bonne journée !",
            threadIdentifier: "orders", category: "ORDER_UPDATE"),
    ]

    /// What an encrypted payload shows when its extension cannot decrypt it: the text the system falls
    /// back to.
    static let encryptedPlaceholder = NotificationAlert(title: "New notification", body: "Open the app to read it.")
}
