using System.Globalization;
using System.Runtime.InteropServices;
using System.Text;
using MeasurementLab;

namespace CoordinatedOmission;

/// <summary>
/// The printed result: each client's table as in the post, the side-by-side table with ratios, the latency buckets,
/// how close the correction gets to the open-loop truth, the open-loop clients' own send lateness, and the mechanism
/// (pauses hit, requests omitted, backlog) counted from the traces next to what theory predicts.
/// </summary>
internal static class SimulationReport
{
    /// <summary>The post's latency buckets: 0–2, 2–50, 50–100, 100–150, 150–200, 200+ ms.</summary>
    public static readonly IReadOnlyList<LatencyBucket> Buckets =
    [
        new("0–2 ms", TimeSpan.Zero, TimeSpan.FromMilliseconds(2)),
        new("2–50 ms", TimeSpan.FromMilliseconds(2), TimeSpan.FromMilliseconds(50)),
        new("50–100 ms", TimeSpan.FromMilliseconds(50), TimeSpan.FromMilliseconds(100)),
        new("100–150 ms", TimeSpan.FromMilliseconds(100), TimeSpan.FromMilliseconds(150)),
        new("150–200 ms", TimeSpan.FromMilliseconds(150), TimeSpan.FromMilliseconds(200)),
        new("200+ ms", TimeSpan.FromMilliseconds(200), TimeSpan.MaxValue),
    ];

    private const int BarWidth = 40;

    public static string Render(SimulationResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        var text = new StringBuilder();
        Header(text, result);
        foreach (var (name, latency) in result.Columns)
        {
            text.Append("\n## ").Append(name).Append('\n').Append('\n');
            text.Append(ClientTable(name, latency));
            text.Append(ClientNote(result, name));
        }

        if (result.Columns.Count > 1)
        {
            text.Append("\n## Side by side\n\n").Append(SideBySide(result));
        }

        text.Append("\n## Latency buckets\n\n").Append(BucketTable(result)).Append('\n').Append(BucketBars(result));
        Correction(text, result);
        SendLateness(text, result);
        Mechanism(text, result);
        return text.ToString();
    }

    /// <summary>Counts per bucket of one recorder.</summary>
    public static long[] BucketCounts(LatencyRecorder latency)
    {
        ArgumentNullException.ThrowIfNull(latency);
        return Buckets.Select(b => latency.CountBetween(b.From, b.To)).ToArray();
    }

    /// <summary>The post's per-client table.</summary>
    public static string ClientTable(string name, LatencyRecorder latency)
    {
        ArgumentNullException.ThrowIfNull(latency);
        var summary = latency.Summarize();
        var table = new MarkdownTable("Metric", name).Row("Count", Count(summary.Count));
        foreach (var (label, value) in summary.Percentiles)
        {
            table.Row(label, DurationFormat.Milliseconds(value));
        }

        return table.ToString();
    }

    /// <summary>A ratio as the post prints it ("182.4x"), from raw values; "-" when the base is zero.</summary>
    public static string Ratio(long value, long baseline) =>
        baseline == 0 ? "-" : (value / (double)baseline).ToString("0.0", CultureInfo.InvariantCulture) + "x";

    private static void Header(StringBuilder text, SimulationResult result)
    {
        var s = result.Settings;
        text.Append("# Coordinated omission: closed vs open loop\n\n");
        Line(text, $"- Clock: {result.ClockDescription}");
        Line(text, $"- Load: {s.RatePerSecond:N0} req/s for {s.DurationSeconds:N0} s = {s.RequestsPerClient:N0} requests per client, expected interval {Ms(1000.0 / s.RatePerSecond)}");
        string work = result.Calibration is { } c
            ? $"Thread.SpinWait({c.Iterations:N0}), median {c.Median.TotalMilliseconds:0.000} ms over {c.Samples} samples"
            : "exactly";
        Line(text, $"- Service: {SimulationSettings.BaselineServiceTime.TotalMilliseconds:0.###} ms of work per request ({work}); every {Ordinal(s.PauseEvery)} request pauses {s.PauseMilliseconds:N0} ms instead; busy {s.Utilization * 100:0}% of the time at this rate");
        if (result.Concurrent is not null)
        {
            Line(text, $"- Concurrent client: a dispatcher thread and a queued service with {s.Workers} worker(s)");
        }

        Line(text, $"- Command: dotnet run -c Release -- {s.ToCommandLine()}");
        Line(text, $"- Machine: {Environment.ProcessorCount} logical CPUs, {RuntimeInformation.FrameworkDescription}, {RuntimeInformation.OSDescription}; started {result.StartedUtc:yyyy-MM-dd HH:mm:ss} UTC");
    }

    private static string ClientNote(SimulationResult result, string name)
    {
        if (name == ClosedLoopResult.CorrectedName && result.Closed is { } closed)
        {
            return Invariant($"\nThe closed-loop values again, each also recorded with HdrHistogram's expected interval {Ms(closed.Measured.Latency.ToTimeSpan(closed.ExpectedIntervalTicks).TotalMilliseconds)} (1/rate): {closed.Synthesized:N0} synthesized values.\n");
        }

        var client = result.Clients.FirstOrDefault(c => c.Name == name);
        if (client is null)
        {
            return "";
        }

        string rate = client.Elapsed > TimeSpan.Zero
            ? Invariant($" ({client.Requests / client.Elapsed.TotalSeconds:N0} req/s achieved)")
            : "";
        return Invariant($"\n{client.Requests:N0} requests in {client.Elapsed.TotalSeconds:0.00} s{rate}; {client.Pauses:N0} of them hit a pause.\n");
    }

    private static string SideBySide(SimulationResult result)
    {
        var columns = result.Columns;
        var closed = result.Closed?.Measured.Latency;
        var others = closed is null ? [] : columns.Skip(1).ToList();
        var headers = columns.Select(c => c.Name)
            .Concat(others.Select(o => $"{o.Name} ÷ Closed"))
            .Prepend("Metric")
            .ToArray();
        var table = new MarkdownTable(headers);
        table.Row([.. columns.Select(c => Count(c.Latency.Count)).Prepend("Count"), .. others.Select(_ => "")]);
        foreach (var (label, percentile) in new[] { ("p50", 50.0), ("p90", 90.0), ("p99", 99.0), ("p99.9", 99.9), ("max", 100.0) })
        {
            var values = columns.Select(c => DurationFormat.Milliseconds(c.Latency.ValueAt(percentile)));
            var ratios = others.Select(o => Ratio(o.Latency.ValueAtTicks(percentile), closed!.ValueAtTicks(percentile)));
            table.Row([label, .. values, .. ratios]);
        }

        string note = others.Count > 0 ? "\nRatios computed from the raw histogram values before rounding.\n" : "";
        return table + note;
    }

    private static string BucketTable(SimulationResult result)
    {
        var columns = result.Columns;
        var counts = columns.Select(c => BucketCounts(c.Latency)).ToList();
        var table = new MarkdownTable([.. columns.Select(c => c.Name).Prepend("Latency")]);
        for (int b = 0; b < Buckets.Count; b++)
        {
            int bucket = b;
            table.Row([Buckets[b].Label, .. counts.Select(c => Count(c[bucket]))]);
        }

        return table.ToString();
    }

    private static string BucketBars(SimulationResult result)
    {
        var text = new StringBuilder();
        foreach (var (name, latency) in result.Columns)
        {
            long[] counts = BucketCounts(latency);
            long max = Math.Max(1, counts.Max());
            text.Append("\n```\n").Append(name).Append(" (").Append(Count(latency.Count)).Append(" values)\n");
            for (int b = 0; b < Buckets.Count; b++)
            {
                int width = counts[b] == 0 ? 0 : Math.Max(1, (int)Math.Round(BarWidth * counts[b] / (double)max));
                text.Append(Buckets[b].Label.PadLeft(10)).Append(" | ").Append(new string('#', width).PadRight(BarWidth)).Append(' ').Append(Count(counts[b])).Append('\n');
            }

            text.Append("```\n");
        }

        return text.ToString();
    }

    private static void Correction(StringBuilder text, SimulationResult result)
    {
        if (result.Closed is not { } closed)
        {
            return;
        }

        var measured = closed.Measured.Latency;
        double intervalMs = measured.ToTimeSpan(closed.ExpectedIntervalTicks).TotalMilliseconds;
        text.Append("\n## Correction vs the open-loop truth\n\n");
        Line(text, $"HdrHistogram's correction (expected interval {Ms(intervalMs)} = 1/rate) added {closed.Synthesized:N0} values to the {measured.Count:N0} measured: for every value v longer than the interval, also v − k × {Ms(intervalMs)} for k = 1, 2, ... while at least one interval.");
        double? perPause = null;
        if (closed.Measured.Trace is { } closedTrace && closed.Measured.Pauses > 0)
        {
            long forPauses = closedTrace.Timings.Where(t => t.Paused).Sum(t => BacklogTheory.SynthesizedFor(t.Completed - t.Sent, closed.ExpectedIntervalTicks));
            perPause = forPauses / (double)closed.Measured.Pauses;
            long others = closed.Measured.Latency.Count - closed.Measured.Pauses - ShortValues(closed);
            if (closed.Synthesized == forPauses)
            {
                Line(text, $"All of them stand in for the {Plural(closed.Measured.Pauses, "pause hit")}: {perPause:N1} each.");
            }
            else
            {
                Line(text, $"Of these, {forPauses:N0} stand in for the {Plural(closed.Measured.Pauses, "pause hit")} ({perPause:N1} each) and {closed.Synthesized - forPauses:N0} for {Plural(others, "other value")} above the interval{(result.Settings.Virtual ? "" : " (scheduling and timer noise)")}.");
            }
        }

        var truth = result.Open ?? result.Concurrent;
        if (truth is null)
        {
            Line(text, $"Run an open-loop client (--client closed,open) to compare the correction with a measurement that does not coordinate.");
            return;
        }

        var corrected = closed.Corrected;
        var points = new[] { ("p90", 90.0), ("p99", 99.0), ("p99.9", 99.9), ("max", 100.0) }
            .Select(p => Invariant($"{p.Item1} {DurationFormat.Milliseconds(corrected.ValueAt(p.Item2))} vs {DurationFormat.Milliseconds(truth.Latency.ValueAt(p.Item2))} ({Percent(corrected.ValueAtTicks(p.Item2), truth.Latency.ValueAtTicks(p.Item2))})"));
        Line(text, $"How close it gets to the {truth.Name.ToLowerInvariant()} client (corrected vs measured, and corrected as a share of measured): {string.Join("; ", points)}.");

        string catchUp = truth.Trace is { } trace && perPause is { } synthesized
            ? Invariant($" After each pause the {truth.Name.ToLowerInvariant()} client saw {MeanDelayed(result, trace):N1} requests start late, where the correction synthesizes {synthesized:N1}.")
            : "";
        Line(text, $"Why it differs: the correction assumes that the requests a constant-rate client would have sent during a stall were all answered the moment the stall ended (latency v − k × interval). In the open loop they queue: each still needs its ~{SimulationSettings.BaselineServiceTime.TotalMilliseconds:0.#} ms of service after the pause, so the backlog drains by only (interval − service) per request and more requests, for longer, pay for the pause.{catchUp} The corrected histogram also holds {corrected.Count:N0} values against {truth.Latency.Count:N0} requests actually sent, which shifts every percentile.");
    }

    private static void SendLateness(StringBuilder text, SimulationResult result)
    {
        var clients = new[] { result.Open, result.Concurrent }.OfType<ClientResult>().Where(c => c.SendLateness is not null).ToList();
        if (clients.Count == 0)
        {
            return;
        }

        text.Append("\n## Send lateness (actual − intended departure)\n\n");
        var table = new MarkdownTable([.. clients.Select(c => c.Name).Prepend("Metric")]);
        table.Row([.. clients.Select(c => Count(c.SendLateness!.Count)).Prepend("Count")]);
        foreach (var (label, percentile) in new[] { ("p50", 50.0), ("p99", 99.0), ("max", 100.0) })
        {
            table.Row([label, .. clients.Select(c => Duration(c.SendLateness!.ValueAt(percentile)))]);
        }

        text.Append(table).Append('\n');
        if (result.Open is not null)
        {
            text.Append("The serial open-loop client cannot send while it waits for a response, so after a pause its sends are late by the backlog (its latencies still count from the intended time). ");
        }

        if (result.Concurrent is not null)
        {
            text.Append("The concurrent client's dispatcher never waits for a response: its lateness is only its own timer and scheduling accuracy.");
        }

        text.Append('\n');
    }

    private static void Mechanism(StringBuilder text, SimulationResult result)
    {
        var s = result.Settings;
        long frequency = result.TicksPerSecond;
        long pauseTicks = (long)Math.Round(s.Pause.TotalSeconds * frequency);
        long workTicks = (long)Math.Round(SimulationSettings.BaselineServiceTime.TotalSeconds * frequency);
        text.Append("\n## Mechanism (counted per request)\n\n");
        string theory = s.Virtual ? "theory" : Invariant($"theory for exactly {SimulationSettings.BaselineServiceTime.TotalMilliseconds:0.###} ms of work");
        if (result.Closed?.Measured is { Trace: { } closedTrace } closed)
        {
            var omitted = PauseAnalysis.OmittedPerPause(closedTrace, s.RatePerSecond, frequency);
            Line(text, $"- {closed.Name}: {Plural(closed.Pauses, "request")} hit a pause. While each was paused a client holding {s.RatePerSecond:N0} req/s would have sent {Spread(omitted, "requests")} ({theory}: {BacklogTheory.OmittedPerPause(pauseTicks, s.RatePerSecond, frequency):N0} = pause × rate); the closed loop sent none of them: {omitted.Sum():N0} requests never measured.");
        }

        long toleranceTicks = WaitTolerance(result);
        foreach (var client in new[] { result.Open, result.Concurrent }.OfType<ClientResult>())
        {
            if (client.Trace is not { } trace)
            {
                continue;
            }

            var effects = PauseAnalysis.OpenLoopEffects(trace, toleranceTicks);
            var followed = effects.Where(e => e.PausedIndex < trace.Timings.Count - 1).ToList();  // a pause on the last request has no followers
            bool serial = client != result.Concurrent || s.Workers == 1;
            long? delayedTheory = BacklogTheory.DelayedAfterPause(pauseTicks, workTicks, s.RatePerSecond, frequency);
            string backlogTheory = serial ? Invariant($" ({theory}: {BacklogTheory.QueuedAtPauseEnd(pauseTicks, s.RatePerSecond, frequency):N0})") : "";
            string delayedTheoryText = serial ? Invariant($" ({theory}: {(delayedTheory is { } d ? d.ToString("N0", CultureInfo.InvariantCulture) : "never catches up")})") : "";
            string tolerance = toleranceTicks == 0 ? "later than intended" : Invariant($"more than {client.Latency.ToTimeSpan(toleranceTicks).TotalMilliseconds:0.###} ms late");
            Line(text, $"- {client.Name}: {Plural(client.Pauses, "request")} hit a pause. Queued when a pause ended: {Spread(followed.Select(e => (long)e.Backlog).ToList(), "requests")}{backlogTheory}. Requests after each pause served {tolerance}: {Spread(followed.Select(e => (long)e.Delayed).ToList(), "requests")}{delayedTheoryText}; {followed.Sum(e => e.Delayed):N0} in all.");
        }

        if (result.Clients.Any(c => c.Trace is null))
        {
            Line(text, $"- Runs above {RequestTrace.MaxRequests:N0} requests keep no per-request trace; their mechanism is not counted.");
        }
    }

    // On the virtual clock a request that did not wait started exactly on time; on the real one, timer and wake-up
    // jitter make every request a little late, so "delayed" means late by more than half a service time.
    internal static long WaitTolerance(SimulationResult result) =>
        result.Settings.Virtual ? 0 : (long)Math.Round(SimulationSettings.BaselineServiceTime.TotalSeconds * result.TicksPerSecond / 2);

    private static double MeanDelayed(SimulationResult result, RequestTrace trace)
    {
        var effects = PauseAnalysis.OpenLoopEffects(trace, WaitTolerance(result))
            .Where(e => e.PausedIndex < trace.Timings.Count - 1)
            .ToList();
        return effects.Count == 0 ? 0 : effects.Average(e => e.Delayed);
    }

    private static string Spread(IReadOnlyList<long> values, string noun)
    {
        if (values.Count == 0)
        {
            return "none";
        }

        long min = values.Min();
        long max = values.Max();
        return min == max
            ? Invariant($"{min:N0} {noun} each time")
            : Invariant($"{values.Average():N1} {noun} on average ({min:N0}–{max:N0})");
    }

    // Closed-loop values not longer than the correction's interval: the correction leaves them alone.
    private static long ShortValues(ClosedLoopResult closed) =>
        closed.Measured.Trace?.Timings.Count(t => t.Completed - t.Sent <= closed.ExpectedIntervalTicks) ?? 0;

    private static string Plural(long count, string noun) =>
        Invariant($"{count:N0} {noun}{(count == 1 ? "" : "s")}");

    private static string Percent(long value, long of) =>
        of == 0 ? "-" : (100.0 * value / of).ToString("0", CultureInfo.InvariantCulture) + "%";

    // Send lateness is mostly microseconds; everything from 1 ms up stays in the tables' milliseconds.
    private static string Duration(TimeSpan value) =>
        value < TimeSpan.FromMilliseconds(1)
            ? DurationFormat.Format(value.Ticks * 100.0, DurationUnit.Microseconds, 1)
            : DurationFormat.Milliseconds(value);

    private static string Ms(double milliseconds) => DurationFormat.Format(milliseconds * 1e6, DurationUnit.Milliseconds, 2);

    private static string Count(long value) => value.ToString("N0", CultureInfo.InvariantCulture);

    private static string Ordinal(int n) =>
        (n % 100) is 11 or 12 or 13 ? Invariant($"{n}th")
        : (n % 10) switch { 1 => Invariant($"{n}st"), 2 => Invariant($"{n}nd"), 3 => Invariant($"{n}rd"), _ => Invariant($"{n}th") };

    private static string Invariant(FormattableString value) => FormattableString.Invariant(value);

    private static void Line(StringBuilder text, FormattableString line) => text.Append(FormattableString.Invariant(line)).Append('\n');
}

/// <summary>A latency range [From, To) of the bucket histogram.</summary>
internal sealed record LatencyBucket(string Label, TimeSpan From, TimeSpan To);
