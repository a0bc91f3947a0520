using LabReport;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.RunFiles;
using LabReport.Sections;

namespace CoordinatedOmission.Claims;

/// <summary>Post 3: closed vs open loop latency, from the run's HdrHistogram distributions (.hgrm, milliseconds).</summary>
public sealed partial class CoordinatedOmissionSection : PostSection
{
    internal static readonly (string File, string Name)[] Clients =
    [
        ("closed-loop.hgrm", "closed loop"),
        ("closed-loop-corrected.hgrm", "corrected"),
        ("open-loop.hgrm", "open loop"),
        ("concurrent-open-loop.hgrm", "concurrent"),
    ];

    /// <inheritdoc />
    public override string Post => "coordinated-omission";

    // Counts depend on how long the run lasts; percentiles on the load alone.
    private static readonly string[] CountClaims = ["closed-slow", "open-delayed"];

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        // The percentiles depend on the load (rate, pause pattern), not on how long it runs; the counts do.
        string? load = SettingsDiffer(context, "durationSeconds");
        if (load is not null)
        {
            foreach (var claim in context.Published.Claims)
            {
                yield return Judge.Row(claim, "—", Verdict.NotMeasurableHere, $"this run's load differs from the post's ({load}, configuration.json)");
            }

            yield break;
        }

        double? seconds = SettingsDiffer(context) is null ? null : RunSeconds(context);
        var percentiles = new Percentiles(context);
        var windows = new Windows(context);
        foreach (var published in context.Published.Claims)
        {
            var (claim, how) = seconds is double s && CountClaims.Contains(published.Id) ? Carried(context.Published, published, s) : (published, "");
            var row = claim.Id switch
            {
                "closed-p99" => Percentile(claim, percentiles, windows, ClosedLoop, "p99"),
                "closed-p90" => Percentile(claim, percentiles, windows, ClosedLoop, "p90"),
                "closed-p999" => Percentile(claim, percentiles, windows, ClosedLoop, "p99.9"),
                "closed-slow" => ClosedSlow(context, claim),
                "closed-gap" => ClosedGap(context, claim),
                "closed-loop-rate" => ClosedRate(context, claim, windows),
                "mean-service-time" => ServiceTime(context, claim, busyShare: false),
                "utilization" => ServiceTime(context, claim, busyShare: true),
                "open-p90" => Percentile(claim, percentiles, windows, OpenLoop, "p90"),
                "open-p99" => Percentile(claim, percentiles, windows, OpenLoop, "p99"),
                "p50-same" => PercentileRatio(claim, percentiles, windows, OpenLoop, ClosedLoop, "p50"),
                "p90-jump" => PercentileRatio(claim, percentiles, windows, OpenLoop, ClosedLoop, "p90"),
                "p99-jump" => PercentileRatio(claim, percentiles, windows, OpenLoop, ClosedLoop, "p99"),
                "p999-same" => PercentileRatio(claim, percentiles, windows, OpenLoop, ClosedLoop, "p99.9"),
                "max-same" => MaxSame(context, claim, percentiles),
                "delayed-per-pause" => DelayedPerPause(context, claim),
                "open-delayed" => claim.Value > 0 ? Delayed(context, claim) : Judge.Row(claim, "—", Verdict.NotMeasurableHere, $"{how}: too short for a pause"),
                "corrected-p90" => PercentileRatio(claim, percentiles, windows, Corrected, ClosedLoop, "p90"),
                "concurrent-same-tail" => PercentileRatio(claim, percentiles, windows, Concurrent, OpenLoop, "p99"),
                _ => throw new InvalidOperationException($"published-numbers.json: post 3's claim '{claim.Id}' has no measurement here"),
            };
            if (row.Verdict == Verdict.Borderline)
            {
                row = row with { ToDecide = ToDecide };
            }

            yield return how.Length > 0 && row.Verdict != Verdict.NotMeasurableHere ? row with { Note = $"{how}; {row.Note}" } : row;
        }
    }

    // The post's counts carried to this run's length by the simulation's own arithmetic: the requests at 200 ms or more
    // are the pauses, ⌊rate × duration / pause-every⌋, and the requests the pauses delay go in proportion to the pauses.
    private static (PublishedClaim Claim, string How) Carried(PostNumbers post, PublishedClaim claim, double seconds)
    {
        double rate = post.Settings["ratePerSecond"];
        double every = post.Settings["pauseEvery"];
        double postPauses = Math.Floor(rate * post.Settings["durationSeconds"] / every);
        double requests = rate * seconds;
        double pauses = Math.Floor(requests / every);
        double value = claim.Id == "closed-slow" ? pauses : claim.Value * pauses / postPauses;
        string rule = claim.Id == "closed-slow" ? "⌊rate × duration / pause-every⌋" : "in proportion to the pauses";
        string text = value.ToString("N0", System.Globalization.CultureInfo.InvariantCulture);
        return (claim with { Value = Math.Round(value), ValueText = Math.Round(value).ToString(System.Globalization.CultureInfo.InvariantCulture) },
            $"carried to this run's {seconds:0.###} s: {text} ({rule})");
    }

    // The run's durationSeconds (configuration.json), or null.
    private static double? RunSeconds(SectionContext context)
    {
        string? path = context.File("configuration.json");
        try
        {
            using var doc = System.Text.Json.JsonDocument.Parse(File.ReadAllText(path!));
            return doc.RootElement.TryGetProperty("durationSeconds", out var v) && v.ValueKind == System.Text.Json.JsonValueKind.Number ? v.GetDouble() : null;
        }
        catch (Exception e) when (e is System.Text.Json.JsonException or IOException or ArgumentNullException)
        {
            return null;
        }
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context) => CoordinatedOmissionCharts.Draw(context);

    // The post's numbers hold for its load (450 req/s for 30 s, a 200 ms pause every 500th request); a smoke or quick
    // run that shortens it measures something else. Null when configuration.json matches or is absent.
    private static string? SettingsDiffer(SectionContext context, string? ignore = null)
    {
        string? path = context.File("configuration.json");
        if (path is null)
        {
            return null;
        }

        try
        {
            using var doc = System.Text.Json.JsonDocument.Parse(File.ReadAllText(path));
            var differ = context.Published.Settings
                .Where(s => s.Key != ignore && doc.RootElement.TryGetProperty(s.Key, out var v) && v.ValueKind == System.Text.Json.JsonValueKind.Number && v.GetDouble() != s.Value)
                .Select(s => $"{s.Key} {doc.RootElement.GetProperty(s.Key).GetDouble():0.###} instead of {s.Value:0.###}")
                .ToList();
            return differ.Count == 0 ? null : string.Join(", ", differ);
        }
        catch (System.Text.Json.JsonException e)
        {
            context.Problem($"{path}: not valid JSON ({e.Message})");
            return null;
        }
    }

    internal static Hgrm? Load(SectionContext context, string file)
    {
        string? path = context.File(file);
        if (path is null)
        {
            return null;
        }

        try
        {
            return Hgrm.Load(path);
        }
        catch (Exception e) when (e is InvalidDataException or IOException or UnauthorizedAccessException)
        {
            context.Problem(e is InvalidDataException ? e.Message : $"{path}: cannot be read ({e.Message})");
            return null;
        }
    }

    // One percentile of the whole run is one number with no interval, and a percentile of this load moves from run to
    // run (p50's open / closed: 1.03×, 1.06×, 1.02×, 1.00× in results/amd-epyc-f25m17s1-2c-vm/2026-12-02-{full,full-2,
    // quick,quick-2}, "not reproduced" against ±5% in one of them, "reproduced" in the others). Every client's
    // service pauses at the same request numbers, so windows.csv cuts each client's latencies into the same pause cycles
    // (one pause and the same load each): a value claim is judged on the per-cycle values, a ratio claim on the
    // per-cycle ratios, their median with Student's t on their logs (as max-same's per-pause ratios), with the whole
    // run's number beside it. Without windows.csv (runs before it) or with fewer than two cycles paired, the whole
    // run's number, a point.
    private static ClaimRow Percentile(PublishedClaim claim, Percentiles percentiles, Windows windows, string client, string metric)
    {
        if (percentiles.At(client, metric) is not var (value, source))
        {
            return Judge.Missing(claim, $"{client} {metric}: neither report.md nor the .hgrm file has it");
        }

        var rows = windows.Values(client, metric);
        if (rows is not { Count: >= 2 })
        {
            return Judge.Estimate(claim, RatioEstimate.Once(value), $"{Milliseconds(value)} ({source}; one run, no interval{windows.TooFew(rows, metric)})", Milliseconds);
        }

        var (perWindow, used) = Across([.. rows.Select(r => r.Ms)]);
        return Judge.Estimate(claim, perWindow, $"{Interval.Text(perWindow, Milliseconds)} — {metric} {Windows.Per(rows[0], metric)}, over {Windows.Count(rows, used)} ({WindowsFile}); " +
            $"the whole run's {metric} {Milliseconds(value)} ({source})", Milliseconds);
    }

    private static ClaimRow PercentileRatio(PublishedClaim claim, Percentiles percentiles, Windows windows, string numerator, string denominator, string metric)
    {
        if (percentiles.At(numerator, metric) is not var (n, _) || percentiles.At(denominator, metric) is not var (d, source))
        {
            return Judge.Missing(claim, $"{numerator} or {denominator} {metric}: not in the run");
        }

        var pairs = windows.Pairs(numerator, denominator, metric);
        if (pairs is not { Count: >= 2 })
        {
            return Judge.Ratio(claim, RatioEstimate.Once(n / d), $"{Format.Number(n)} / {Format.Number(d)} ms ({source}{windows.TooFew(pairs?.Select(p => p.Numerator).ToList(), metric)})");
        }

        var (perWindow, used) = Across([.. pairs.Select(p => p.Numerator.Ms / p.Denominator.Ms)]);
        return Judge.Ratio(claim, perWindow, $"{Windows.Per(pairs[0].Numerator, metric)}, {Short[numerator]} / {Short[denominator]}: {Interval.Ratio(perWindow)} " +
            $"over {Windows.Count([.. pairs.Select(p => p.Numerator)], used, " paired")} ({WindowsFile}); the whole run's {metric} {Format.Number(n)} / {Format.Number(d)} ms ({source})");
    }

    // Repeated values of one quantity (per pause, per cycle) as the rounds' estimate takes them: their median, and
    // Student's t on their logs at the confidence sequence's last look (3, 5, 8, 12, 18, 27 values); Used says how many.
    private static (RatioEstimate Estimate, int Used) Across(IReadOnlyList<double> values)
    {
        var rounds = LabRounds.RoundsEstimate.FromRatios(values);
        return (new RatioEstimate(rounds.Median, rounds.Lower, rounds.Upper, rounds.HasInterval) { Level = rounds.Level }, rounds.Count);
    }

    // A max is one request: a stall of the machine during one pause moves it (9c605ac's two full runs, in the tree of
    // 4d750bb: "not reproduced" in one, "reproduced" in the other). Every client's service pauses at the same request
    // numbers, so pauses.csv pairs the clients pause by pause: the claim is judged on the per-pause ratios of the worst
    // latency (their median, Student's t on their logs), with the run's max beside it. Without pauses.csv (runs before
    // it) or with fewer than two pauses paired, the max's ratio, a point.
    private static ClaimRow MaxSame(SectionContext context, PublishedClaim claim, Percentiles percentiles)
    {
        if (context.OptionalFile(PausesFile) is not { } path
            || percentiles.At(OpenLoop, "max") is not var (n, _) || percentiles.At(ClosedLoop, "max") is not var (d, source)
            || PausePairs(context, path) is not { Count: >= 2 } ratios)
        {
            return PercentileRatio(claim, percentiles, Windows.None, OpenLoop, ClosedLoop, "max");
        }

        var (perPause, _) = Across(ratios);
        return Judge.Ratio(claim, perPause, $"worst latency per pause, open / closed: {Interval.Ratio(perPause)} over {ratios.Count} pauses paired ({PausesFile}); " +
            $"the max itself {Format.Number(n)} / {Format.Number(d)} ms = {RatioEstimate.Format(n / d)}× ({source})");
    }

    // The planner cannot add rounds here: the simulation runs once per profile, and its intervals are over its pause
    // cycles, pauses or requests, which only a longer run adds to.
    internal const string ToDecide = "more pause cycles, pauses or requests would narrow its interval: this post runs once per profile " +
        "(its README says why), so only a longer run (--duration; the full profile runs the post's 30 s) adds them";

    internal const string PausesFile = "pauses.csv";
    internal const string WindowsFile = "windows.csv";
    private const string OpenLoop = "Open-loop";
    private const string ClosedLoop = "Closed-loop";
    private const string Corrected = "Corrected";
    private const string Concurrent = "Concurrent";

    // The clients as a note names them.
    private static readonly Dictionary<string, string> Short = new(StringComparer.Ordinal)
    {
        [OpenLoop] = "open",
        [ClosedLoop] = "closed",
        [Corrected] = "corrected",
        [Concurrent] = "concurrent",
    };

    // The service's mean time per request with the pauses averaged in, ((pause-every − 1) × spin + pause) / pause-every,
    // or the share of each second it is busy at the rate (the rate times that): arithmetic of configuration.json's
    // settings, where only the spin is measured (its calibrated median; the 1 ms target on a run without one). A
    // setting, so a point: the tolerance is what the calibration can move.
    private static ClaimRow ServiceTime(SectionContext context, PublishedClaim claim, bool busyShare)
    {
        string? path = context.File("configuration.json");
        try
        {
            using var doc = System.Text.Json.JsonDocument.Parse(path is null ? "{}" : File.ReadAllText(path));
            var root = doc.RootElement;
            double? Setting(System.Text.Json.JsonElement e, string name) =>
                e.ValueKind == System.Text.Json.JsonValueKind.Object && e.TryGetProperty(name, out var v) && v.ValueKind == System.Text.Json.JsonValueKind.Number ? v.GetDouble() : null;
            var calibration = root.TryGetProperty("calibration", out var c) ? c : default;
            if (Setting(root, "ratePerSecond") is not double rate || Setting(root, "pauseEvery") is not double every || every < 1
                || Setting(root, "pauseMilliseconds") is not double pause
                || (Setting(calibration, "medianMilliseconds") ?? Setting(root, "baselineServiceTimeMilliseconds")) is not double spin)
            {
                return Judge.Missing(claim, "configuration.json has no rate, pause pattern and service time");
            }

            string measured = Setting(calibration, "medianMilliseconds") is null ? "the 1 ms target, no calibration" : "the spin's calibrated median";
            double mean = (((every - 1) * spin) + pause) / every;
            string how = $"({every - 1:0} × {spin:0.####} ms, {measured}, + {Milliseconds(pause)}) / {every:0}";
            return busyShare
                ? Judge.Estimate(claim, RatioEstimate.Once(rate * mean / 10), $"{rate * mean / 10:0.#}% = {rate:0} req/s × {mean:0.###} ms, {how} (configuration.json; the spin calibrated once, no interval)", x => $"{x:0.#}%")
                : Judge.Estimate(claim, RatioEstimate.Once(mean), $"{mean:0.###} ms = {how} (configuration.json; the spin calibrated once, no interval)", x => $"{x:0.###} ms");
        }
        catch (Exception e) when (e is System.Text.Json.JsonException or IOException)
        {
            return Judge.Missing(claim, $"configuration.json cannot be read ({e.Message})");
        }
    }

    // The open loop's catch-up per pause: pauses.csv's delayed column (the requests after each pause served late),
    // judged on its median across the pauses with Student's t on their logs, as the per-cycle percentiles. Without the
    // column (runs before it) or with fewer than two pauses, report.md's average per pause, a point.
    private static ClaimRow DelayedPerPause(SectionContext context, PublishedClaim claim)
    {
        static string Requests(double x) => $"{x:0.#} requests";
        if (context.OptionalFile(PausesFile) is { } path)
        {
            try
            {
                var table = CsvTable.Load(path, "client", "pause");
                var counts = table.Has("delayed")
                    ? table.Rows.Where(r => table.Cell(r, "client") == OpenLoop).Select(r => table.Number(r, "delayed")).Where(v => !double.IsNaN(v)).ToList()
                    : [];
                if (counts.Any(v => v < 0 || v != Math.Floor(v) || double.IsInfinity(v)))
                {
                    throw new InvalidDataException($"{path}: a delayed count is not a whole number from 0");
                }

                if (counts.Count >= 2 && counts.All(v => v > 0))
                {
                    var (perPause, used) = Across(counts);
                    string over = used == counts.Count ? $"{counts.Count} pauses" : $"{counts.Count} pauses, the first {used} for the interval (the confidence sequence's last look)";
                    return Judge.Estimate(claim, perPause, $"{Interval.Text(perPause, Requests)} — open-loop requests served late after each pause, over {over} ({PausesFile}); " +
                        $"{counts.Sum():N0} in all, {counts.Average():0.#} on average", Requests);
                }
            }
            catch (Exception e) when (e is InvalidDataException or IOException or ArgumentException)
            {
                context.Problem(e is InvalidDataException ? e.Message : $"{path}: cannot be read ({e.Message})");
            }
        }

        string? report = context.File("report.md");
        var match = report is null ? System.Text.RegularExpressions.Match.Empty : CatchUpPattern().Match(File.ReadAllText(report));
        return match.Success && Quantity.Number(match.Groups[1].Value) is double average
            ? Judge.Estimate(claim, RatioEstimate.Once(average), $"{Requests(average)} per pause on average (report.md's mechanism; one run, no interval)", Requests)
            : Judge.Missing(claim, "neither pauses.csv's delayed column nor report.md's mechanism has the open loop's catch-up");
    }

    [System.Text.RegularExpressions.GeneratedRegex(@"^- Open-loop:.*Requests after each pause served [^:]*: ([\d.,]+) requests (?:on average|each time)", System.Text.RegularExpressions.RegexOptions.Multiline)]
    private static partial System.Text.RegularExpressions.Regex CatchUpPattern();

    // pauses.csv (client,pause,request,worst_ms): the open loop's worst latency over the closed loop's, pause by pause;
    // null (and a problem under the table) when the file is malformed.
    private static List<double>? PausePairs(SectionContext context, string path)
    {
        try
        {
            var table = CsvTable.Load(path, "client", "pause", "worst_ms");
            Dictionary<double, double> Worst(string client) => table.Rows.Where(r => table.Cell(r, "client") == client)
                .ToDictionary(r => table.Number(r, "pause"), r => table.Number(r, "worst_ms"));
            return [.. Worst(OpenLoop).Join(Worst(ClosedLoop), o => o.Key, c => c.Key, (o, c) => o.Value / c.Value)];
        }
        catch (Exception e) when (e is InvalidDataException or IOException or ArgumentException)
        {
            context.Problem(e is InvalidDataException ? e.Message : $"{path}: cannot be read ({e.Message})");
            return null;
        }
    }

    /// <summary>
    /// windows.csv (client,window,windows,first_request,requests,seconds,p50_ms,p90_ms,p99_ms,p999_ms,max_ms): each
    /// client's duration and percentiles per pause cycle. A cell is empty where its row is not the one for that percentile: a cycle too short
    /// for it (fewer than 1/(1 − q) requests: a 500-request cycle's p99.9 is its max) has it on rows pooling
    /// consecutive cycles (windows = 2: 1,000 requests). Read once; a malformed file is one problem under the table,
    /// and the claims fall back to the whole run's numbers.
    /// </summary>
    private sealed class Windows
    {
        private static readonly Dictionary<string, string> ColumnOf = new(StringComparer.Ordinal)
        {
            ["p50"] = "p50_ms",
            ["p90"] = "p90_ms",
            ["p99"] = "p99_ms",
            ["p99.9"] = "p999_ms",
        };

        private readonly List<Row>? _rows;

        public Windows(SectionContext? context)
        {
            if (context?.OptionalFile(WindowsFile) is { } path)
            {
                _rows = Load(context, path);
            }
        }

        /// <summary>No windows: the claims that never read them.</summary>
        public static Windows None { get; } = new(null);

        /// <summary>One row: the first cycle, how many it pools, its requests and its cells (NaN: empty).</summary>
        public sealed record Row(string Client, int Window, int Windows, long Requests, IReadOnlyDictionary<string, double> Cells)
        {
            public double Ms { get; init; } = double.NaN;

            /// <summary>The cycle's duration (windows.csv's seconds; NaN in files before the column).</summary>
            public double Seconds { get; init; } = double.NaN;
        }

        /// <summary>A client's rows that carry <paramref name="metric"/>, in cycle order; null without a readable file.</summary>
        public IReadOnlyList<Row>? Values(string client, string metric)
        {
            if (_rows is null)
            {
                return null;
            }

            string column = ColumnOf[metric];
            var mine = _rows.Where(r => r.Client == client && !double.IsNaN(r.Cells[column])).ToList();
            // One span per percentile (the writer's); the smallest, should a file have more.
            return mine.Count == 0 ? [] : [.. mine.Where(r => r.Windows == mine.Min(m => m.Windows)).OrderBy(r => r.Window).Select(r => r with { Ms = r.Cells[column] })];
        }

        /// <summary>
        /// A client's single cycles that have a duration, in cycle order; null without a readable file, empty without
        /// the seconds column (files before it).
        /// </summary>
        public IReadOnlyList<Row>? Timed(string client) => _rows?
            .Where(r => r.Client == client && r.Windows == 1 && r.Seconds > 0)
            .OrderBy(r => r.Window)
            .ToList();

        /// <summary>The two clients' rows for the same cycles; null without a readable file.</summary>
        public IReadOnlyList<(Row Numerator, Row Denominator)>? Pairs(string numerator, string denominator, string metric) =>
            Values(numerator, metric) is { } n && Values(denominator, metric) is { } d
                ? [.. n.Join(d, r => (r.Window, r.Windows), r => (r.Window, r.Windows), (a, b) => (a, b))]
                : null;

        /// <summary>"per window of 500 requests (one pause each)", or how the cycles were pooled for the percentile.</summary>
        public static string Per(Row row, string metric)
        {
            long each = row.Requests / row.Windows;
            return row.Windows == 1
                ? $"per window of {each:N0} requests (one pause each)"
                : $"per {row.Windows} windows of {each:N0} requests pooled ({row.Requests:N0} requests: one window's {metric} would be its max)";
        }

        /// <summary>"26 windows", or "13 groups of 2 windows"; and how many the interval took, when not all.</summary>
        public static string Count(IReadOnlyList<Row> rows, int used, string paired = "")
        {
            string count = (rows[0].Windows == 1 ? $"{rows.Count} windows" : $"{rows.Count} groups of {rows[0].Windows} windows") + paired;
            return used == rows.Count ? count : $"{count}, the first {used} for the interval (the confidence sequence's last look)";
        }

        /// <summary>Why a point was judged although windows.csv is there: too few cycles for the percentile; "" without the file.</summary>
        public string TooFew(IReadOnlyList<Row>? rows, string metric) => rows is null || _rows is null
            ? ""
            : $"; {WindowsFile} has {rows.Count} for {metric} where an interval needs 2";

        private static List<Row>? Load(SectionContext context, string path)
        {
            try
            {
                var table = CsvTable.Load(path, ["client", "window", "windows", "requests", .. ColumnOf.Values]);
                var rows = new List<Row>();
                var seen = new HashSet<(string, int, int)>();
                foreach (var (cells, i) in table.Rows.Select((r, i) => (r, i + 1)))
                {
                    string client = table.Cell(cells, "client");
                    int window = Whole(table, cells, "window", i);
                    int windows = Whole(table, cells, "windows", i);
                    long requests = Whole(table, cells, "requests", i);
                    var values = ColumnOf.Values.ToDictionary(c => c, c => table.Number(cells, c));
                    if (values.FirstOrDefault(v => v.Value < 0 || double.IsInfinity(v.Value)) is { Key: not null } bad)
                    {
                        throw new InvalidDataException($"{path}: row {i}: {bad.Key} {bad.Value} is not a latency (a number of ms, 0 or more, or empty)");
                    }

                    if (!seen.Add((client, window, windows)))
                    {
                        throw new InvalidDataException($"{path}: row {i}: {client} window {window} (windows {windows}) appears twice");
                    }

                    double seconds = table.Has("seconds") ? table.Number(cells, "seconds") : double.NaN;
                    if (seconds <= 0 || double.IsInfinity(seconds))
                    {
                        throw new InvalidDataException($"{path}: row {i}: seconds {seconds} is not a duration (a number of seconds above 0)");
                    }

                    rows.Add(new Row(client, window, windows, requests, values) { Seconds = seconds });
                }

                return rows;
            }
            catch (Exception e) when (e is InvalidDataException or IOException or UnauthorizedAccessException)
            {
                context.Problem(e is InvalidDataException ? e.Message : $"{path}: cannot be read ({e.Message})");
                return null;
            }
        }

        // A count of the file (a cycle's number, how many pooled, requests): a whole number from 1.
        private static int Whole(CsvTable table, string[] cells, string column, int row)
        {
            double value = table.Number(cells, column);
            return value >= 1 && value <= int.MaxValue && value == Math.Floor(value)
                ? (int)value
                : throw new InvalidDataException($"{table.Path}: row {row}: {column} '{table.Cell(cells, column)}' is not a whole number from 1");
        }
    }

    private static string Milliseconds(double ms) => $"{ms.ToString("0.##", System.Globalization.CultureInfo.InvariantCulture)} ms";

    // The closed loop's histogram, counted: the requests at 200 ms or more (the last bucket), not the service's own count
    // of pauses, so that a pause the client did not see, or a stall it saw as one, shows.
    private static ClaimRow ClosedSlow(SectionContext context, PublishedClaim claim) =>
        Buckets(context, "Closed-loop") is { } buckets
            ? Judge.Exact(claim, buckets[^1].Count, $"{buckets[^1].Count:N0} of {buckets.Sum(b => b.Count):N0} at {buckets[^1].Label} (closed loop, report.md's buckets)")
            : Judge.Missing(claim, "report.md has no latency bucket table with a Closed-loop column");

    // The closed loop's requests between the first bucket (0–2 ms) and the last (200+ ms), as a percentage of its requests.
    private static ClaimRow ClosedGap(SectionContext context, PublishedClaim claim)
    {
        if (Buckets(context, "Closed-loop") is not { } buckets)
        {
            return Judge.Missing(claim, "report.md has no latency bucket table with a Closed-loop column");
        }

        long between = (long)buckets.Skip(1).SkipLast(1).Sum(b => b.Count);
        long total = (long)buckets.Sum(b => b.Count);
        // A count measured once: its exact binomial interval (each request delayed or not), so the verdict states its
        // own error rate; as a point it was decided both ways in the four runs of 2026-12-02 (4 of 2,250 in quick-3 against 3 of 13,500 in full-3).
        var (lower, upper) = LabStatistics.BinomialProportion.ClopperPearson(between, total, LabRounds.RoundsEstimate.DefaultLevel);
        return Judge.Estimate(claim, new RatioEstimate(100.0 * between / total, 100 * lower, 100 * upper, true) { Level = LabRounds.RoundsEstimate.DefaultLevel },
            $"{between:N0} of {total:N0} in the buckets {buckets[1].Label} to {buckets[^2].Label} (closed loop, report.md's buckets; the count's exact binomial interval)", x => Format.Number(x) + "%");
    }

    // The closed loop's requests over its run time, from report.md's "N requests in T s" line under "## Closed-loop",
    // judged cycle by cycle: each pause cycle's requests over its seconds (windows.csv), their median with Student's t
    // on their logs, as the percentiles. A run's one rate was decided on a point (703-723 req/s in the four runs of
    // 2026-12-02 on the family 26 guest); without the seconds column (runs before it) or two cycles, still a point.
    private static ClaimRow ClosedRate(SectionContext context, PublishedClaim claim, Windows windows)
    {
        string? report = context.File("report.md");
        string text = report is null ? "" : File.ReadAllText(report);
        int section = text.IndexOf("## Closed-loop", StringComparison.Ordinal);
        var match = section < 0 ? System.Text.RegularExpressions.Match.Empty : RatePattern().Match(text, section);
        if (!match.Success || Quantity.Number(match.Groups[1].Value) is not double requests || Quantity.Number(match.Groups[2].Value) is not double seconds || seconds <= 0)
        {
            return Judge.Missing(claim, "report.md has no \"N requests in T s\" line for the closed loop");
        }

        double rate = requests / seconds;
        static string PerSecond(double x) => $"{x:N0} req/s";
        var rows = windows.Timed(ClosedLoop);
        if (rows is not { Count: >= 2 })
        {
            return Judge.Estimate(claim, RatioEstimate.Point(rate), $"{rate:N0} req/s ({requests:N0} requests in {seconds:0.##} s, report.md; one run, no interval{(rows is [] ? $"; {WindowsFile} has no cycle durations (written before its seconds column)" : windows.TooFew(rows, "a rate"))})",
                PerSecond);
        }

        var (perWindow, used) = Across([.. rows.Select(r => r.Requests / r.Seconds)]);
        return Judge.Estimate(claim, perWindow, $"{Interval.Text(perWindow, PerSecond)} — requests per second {Windows.Per(rows[0], "rate")}, over {Windows.Count(rows, used)} ({WindowsFile}); " +
            $"the whole run's {rate:N0} req/s ({requests:N0} requests in {seconds:0.##} s, report.md)", PerSecond);
    }

    [System.Text.RegularExpressions.GeneratedRegex(@"([\d,]+) requests in ([\d.]+) s")]
    private static partial System.Text.RegularExpressions.Regex RatePattern();

    // report.md's latency buckets for a client (label, count), or null without the table, the column, or two rows.
    private static List<(string Label, double Count)>? Buckets(SectionContext context, string client)
    {
        string? report = context.File("report.md");
        var table = report is null
            ? null
            : MarkdownTable.ParseAll(File.ReadAllText(report)).FirstOrDefault(t => t.Column("Latency") >= 0 && t.Column(client) >= 0);
        var rows = table?.Rows.Select(r => (Label: r[0], Count: Quantity.Number(table.Cell(r, client)))).ToList();
        return table is null || rows is null || rows.Count < 2 || rows.Any(r => r.Count is null)
            ? null
            : [.. rows.Select(r => (r.Label, r.Count!.Value))];
    }

    // Open-loop requests past the first latency bucket (0–2 ms): the ones the pauses delayed.
    private static ClaimRow Delayed(SectionContext context, PublishedClaim claim)
    {
        if (Buckets(context, "Open-loop") is not { } buckets)
        {
            return Judge.Missing(claim, "report.md has no latency bucket table with an Open-loop column");
        }

        double delayed = buckets.Skip(1).Sum(b => b.Count);
        double total = buckets.Sum(b => b.Count);
        return Judge.Estimate(claim, RatioEstimate.Once(delayed), $"{delayed:N0} of {total:N0} past {buckets[0].Label} (report.md's buckets; one run, no interval)",
            x => x.ToString("N0", System.Globalization.CultureInfo.InvariantCulture));
    }

    /// <summary>
    /// The clients' percentiles: from report.md's "Side by side" table (HdrHistogram's exact values), else from the
    /// .hgrm files, whose percentile ticks only bracket a value (p99 lies between two ticks).
    /// </summary>
    private sealed class Percentiles(SectionContext context)
    {
        private static readonly Dictionary<string, string> HgrmOf = new(StringComparer.Ordinal)
        {
            ["Closed-loop"] = "closed-loop.hgrm",
            ["Corrected"] = "closed-loop-corrected.hgrm",
            ["Open-loop"] = "open-loop.hgrm",
            ["Concurrent"] = "concurrent-open-loop.hgrm",
        };

        private readonly MarkdownTable? _table = SideBySide(context);

        // The .hgrm percentile of each metric of the side-by-side table ("max" is the last point).
        private static readonly Dictionary<string, double> HgrmPercentile = new(StringComparer.Ordinal)
        {
            ["p50"] = 0.50,
            ["p90"] = 0.90,
            ["p99"] = 0.99,
            ["p99.9"] = 0.999,
            ["max"] = 1.0,
        };

        public (double Ms, string Source)? At(string client, string metric)
        {
            var row = _table?.Rows.FirstOrDefault(r => r.Count > 0 && r[0] == metric);
            if (row is not null && Quantity.TimeNs(_table!.Cell(row, client)) is double ns)
            {
                return (ns / 1e6, "report.md");
            }

            return Load(context, HgrmOf[client]) is { } hgrm ? (hgrm.At(HgrmPercentile[metric]), HgrmOf[client]) : null;
        }

        private static MarkdownTable? SideBySide(SectionContext context)
        {
            string? report = context.File("report.md");
            return report is null
                ? null
                : MarkdownTable.ParseAll(File.ReadAllText(report)).FirstOrDefault(t => t.Column("Metric") >= 0 && t.Column("Closed-loop") >= 0 && t.Column("Open-loop") >= 0);
        }
    }
}
