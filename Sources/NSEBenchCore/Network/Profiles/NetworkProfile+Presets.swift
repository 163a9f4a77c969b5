// The presets. Each models a fresh HTTPS fetch of a notification image: the connect delay stands for the
// TCP and TLS 1.3 handshakes (about two round trips), the time to first byte for one round trip plus the
// server's time, and both get a log-normal tail because real latencies are skewed to the right. The round
// trip and bandwidth figures are typical published ones, named per profile; the tails (p99) and the fault
// rates are this harness's own illustrative choices, not measurements.

extension NetworkProfile {
    /// `wifi`: home or office Wi-Fi near a CDN edge.
    ///
    /// Round trip about 20 ms and 40 Mbit/s down: typical published figures for home broadband over Wi-Fi
    /// (tens of milliseconds, tens of Mbit/s). Connect delay log-normal, median 40 ms (two round trips),
    /// p99 250 ms; time to first byte log-normal, median 30 ms, p99 200 ms; bandwidth 40 Mbit/s; no faults.
    public static let wifi = NetworkProfile(
        name: "wifi",
        summary: "home Wi-Fi: ~20 ms round trip, 40 Mbit/s, no faults",
        conditions: NetworkConditions(
            timeToFirstByte: .lognormal(median: .milliseconds(30), p99: .milliseconds(200)),
            connectDelay: .lognormal(median: .milliseconds(40), p99: .milliseconds(250)),
            bandwidth: ByteRate(bitsPerSecond: 40_000_000)))

    /// `5g`: a phone on a mid-band 5G cell.
    ///
    /// About 40 ms round trip and 100 Mbit/s down: Opensignal's US 5G Experience reports put average 5G
    /// download speeds between about 60 Mbit/s (AT&T, Verizon) and 186 Mbit/s (T-Mobile, January 2023),
    /// and US 4G latency at 44-66 ms (State of Mobile USA, May 2019), which 5G shortens; the round trip
    /// here is this harness's rounding, not a measurement. Connect delay log-normal, median 80 ms (two
    /// round trips), p99 400 ms; time to first byte log-normal, median 50 ms, p99 350 ms; bandwidth 100
    /// Mbit/s; no faults.
    public static let fiveG = NetworkProfile(
        name: "5g",
        summary: "mid-band 5G: ~40 ms round trip, 100 Mbit/s, no faults",
        conditions: NetworkConditions(
            timeToFirstByte: .lognormal(median: .milliseconds(50), p99: .milliseconds(350)),
            connectDelay: .lognormal(median: .milliseconds(80), p99: .milliseconds(400)),
            bandwidth: ByteRate(bitsPerSecond: 100_000_000)), isCellular: true)

    /// `lte`: a phone on a typical 4G/LTE cell.
    ///
    /// Round trip 50-70 ms and 10-12 Mbit/s down: typical published figures for LTE in network-speed
    /// reports. Connect delay log-normal, median 120 ms (two 60 ms round trips), p99 600 ms; time to first
    /// byte log-normal, median 70 ms, p99 500 ms; bandwidth 12 Mbit/s; no faults.
    public static let lte = NetworkProfile(
        name: "lte",
        summary: "4G/LTE: ~60 ms round trip, 12 Mbit/s, no faults",
        conditions: NetworkConditions(
            timeToFirstByte: .lognormal(median: .milliseconds(70), p99: .milliseconds(500)),
            connectDelay: .lognormal(median: .milliseconds(120), p99: .milliseconds(600)),
            bandwidth: ByteRate(bitsPerSecond: 12_000_000)), isCellular: true)

    /// `3g`: the slow mobile connection web-performance tools test with.
    ///
    /// 150 ms round trip and 1.6 Mbit/s down: Lighthouse's default mobile throttling (its "Slow 4G", once
    /// labelled "Fast 3G"; the same as WebPageTest's "Mobile 3G - Fast"), per the Lighthouse throttling
    /// documentation. Chrome DevTools applies it as a 562.5 ms per-request latency (150 ms × 3.75), which
    /// the two delays here add up to at their medians. Connect delay log-normal, median 300 ms (two round
    /// trips), p99 1.5 s; time to first byte log-normal, median 250 ms (a round trip and 100 ms of server
    /// time), p99 1.5 s; bandwidth 1.6 Mbit/s; no faults.
    public static let threeG = NetworkProfile(
        name: "3g",
        summary: "Lighthouse mobile (\"Fast 3G\"): 150 ms round trip, 1.6 Mbit/s, no faults",
        conditions: NetworkConditions(
            timeToFirstByte: .lognormal(median: .milliseconds(250), p99: .milliseconds(1_500)),
            connectDelay: .lognormal(median: .milliseconds(300), p99: .milliseconds(1_500)),
            bandwidth: ByteRate(bitsPerSecond: 1_600_000)), isCellular: true)

    /// `edge`: 2.5G EDGE, still met in rural areas and when roaming.
    ///
    /// 840 ms round trip and 240 kbit/s down: the "Edge" preset of Apple's Network Link Conditioner as
    /// commonly reproduced (240 kbit/s with 400 ms delay down, 200 kbit/s with 440 ms up). Connect delay
    /// log-normal, median 1.7 s (two round trips), p99 6 s; time to first byte log-normal, median 900 ms,
    /// p99 4 s; bandwidth 240 kbit/s; no faults. A 500 KB image alone takes about 17 s here.
    public static let edge = NetworkProfile(
        name: "edge",
        summary: "EDGE (Network Link Conditioner): 840 ms round trip, 240 kbit/s, no faults",
        conditions: NetworkConditions(
            timeToFirstByte: .lognormal(median: .milliseconds(900), p99: .seconds(4)),
            connectDelay: .lognormal(median: .milliseconds(1_700), p99: .seconds(6)),
            bandwidth: ByteRate(bitsPerSecond: 240_000)), isCellular: true)

    /// `lossy`: a weak mobile signal that drops packets and connections.
    ///
    /// Illustrative, not a measured profile: a 100 ms round trip at 2 Mbit/s where lost packets show as
    /// retransmission delays and some transfers fail. TCP's first retransmission timeout is 1 s (RFC 6298),
    /// so the connect delay is a Pareto tail from 200 ms (shape 1.5, capped at 10 s) and the time to first
    /// byte a log-normal of median 150 ms and p99 3 s. Faults: reset before the response 1%, reset during
    /// the body 2%, truncated body 1%, 5 s stall 2%.
    public static let lossy = NetworkProfile(
        name: "lossy",
        summary: "weak mobile signal (illustrative): 100 ms round trip, 2 Mbit/s, resets, truncation, stalls",
        conditions: NetworkConditions(
            timeToFirstByte: .lognormal(median: .milliseconds(150), p99: .seconds(3)),
            connectDelay: .pareto(scale: .milliseconds(200), shape: 1.5, cap: .seconds(10)),
            bandwidth: ByteRate(bitsPerSecond: 2_000_000),
            faults: FaultPlan(
                resetBefore: Percentage(clamping: 1), resetDuring: Percentage(clamping: 2),
                stall: StallFault(duration: .seconds(5), chance: Percentage(clamping: 2)),
                truncate: Percentage(clamping: 1))), isCellular: true)

    /// `overloaded-cdn`: a good network but a media host swamped by a broadcast push (the "thundering herd").
    ///
    /// Illustrative, not a measured profile: a fast client network in front of a server queueing its
    /// requests. Connect delay log-normal, median 30 ms, p99 300 ms; time to first byte a Pareto tail from
    /// 300 ms (shape 1.2, capped at 30 s, the extension's whole budget); 4 Mbit/s per connection inside a
    /// 100 Mbit/s link shared by all; 503 for 5% and 504 for 2% of requests, and 1% stalled for good.
    public static let overloadedCDN = NetworkProfile(
        name: "overloaded-cdn",
        summary: "swamped media host (illustrative): heavy-tailed first byte, 503/504s, 100 Mbit/s shared link",
        conditions: NetworkConditions(
            timeToFirstByte: .pareto(scale: .milliseconds(300), shape: 1.2, cap: .seconds(30)),
            connectDelay: .lognormal(median: .milliseconds(30), p99: .milliseconds(300)),
            bandwidth: ByteRate(bitsPerSecond: 4_000_000),
            linkBandwidth: ByteRate(bitsPerSecond: 100_000_000),
            faults: FaultPlan(
                status: StatusMix([
                    StatusShare(code: 503, chance: Percentage(clamping: 5)),
                    StatusShare(code: 504, chance: Percentage(clamping: 2)),
                ]),
                stall: StallFault(duration: nil, chance: Percentage(clamping: 1)))))

    /// `none`: bare loopback, with no latency, no bandwidth limit and no faults: the harness's own
    /// floor, not a phone.
    public static let none = NetworkProfile(
        name: "none", summary: "bare loopback: no latency, no bandwidth limit, no faults (not a phone)",
        conditions: NetworkConditions())
}
