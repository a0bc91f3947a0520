using System.Globalization;
using LabReport.RunFiles;

namespace LabReport.Claims;

/// <summary>
/// What a claim takes for granted about the machine. A claim whose premise this machine cannot meet is "not measurable
/// here" with the reason, rather than judged as if it were met: 32 threads contending on 2 CPUs, hardware events without a PMU.
/// </summary>
public static class Premise
{
    /// <summary>environment.md's CPU count row ("2 / 1 / 1").</summary>
    public const string CpusRow = "logical CPUs / sockets / NUMA nodes";

    /// <summary>environment.md's hardware counter row ("no (hardware events &lt;not supported&gt;: …)").</summary>
    public const string PmuRow = "hardware counters (PMU)";

    /// <summary>The benchmark column counting the threads that were inside the timed body at once (post 1's PeakConc).</summary>
    public const string PeakColumn = "PeakConc";

    /// <summary>The rule as the report prints it.</summary>
    public const string Text =
        "**premises**: a claim about T threads contending needs T threads running at once. At most min(logical CPUs, PeakConc) did " +
        "here: PeakConc is the most worker threads inside the timed body at once in a process's median invocation (measured in " +
        "rounds, the median round's), and no more than one per CPU can run. Below T the claim is *not measurable here*; a claim " +
        "about contention in general (\"loses once threads contend\") is judged at the smallest thread count whose rows ran at " +
        "least two threads at once. Claims on hardware events " +
        "(IPC, miss rates) need a performance monitoring unit: without one (environment.md's \"hardware counters (PMU)\" row) they " +
        "are *not measurable here*. Claims on a flush-bound load (post 1's Realistic and fsync rows) need the flush to be most of an " +
        "insert's time, as on the post's disk (1 − NoFlush / Realistic = 95%): where it is under 50% here, the load compares the " +
        "in-memory maps again and those claims are *not measurable here*, with the share measured.";

    /// <summary>The logical CPU count of environment.md, or null.</summary>
    public static int? LogicalCpus(RunEnvironment environment)
    {
        ArgumentNullException.ThrowIfNull(environment);
        string? row = environment.Row(CpusRow);
        string first = row?.Split('/')[0].Trim() ?? "";
        return int.TryParse(first, NumberStyles.Integer, CultureInfo.InvariantCulture, out int cpus) ? cpus : null;
    }

    /// <summary>
    /// How many threads a result had inside its timed body at once, or null without the column. Each process reports its
    /// median invocation; measured in rounds, this is the median round's (the lower middle of an even count). Not the
    /// worst: a round or an invocation in which a busy or descheduled vCPU kept the threads apart is the machine's moment,
    /// not the case's, and with the worst ones the thread count a contention claim is judged at changed from run to run
    /// (Narrow at 4 threads in one full run of 664f349, at 32 in the next).
    /// </summary>
    public static int? PeakConcurrency(BenchmarkResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        var peaks = (result.RoundResults ?? [result]).Select(r => Quantity.Number(r.Column(PeakColumn))).Where(p => p is not null)
            .Select(p => (int)p!.Value).Order().ToList();
        return peaks.Count > 0 ? peaks[(peaks.Count - 1) / 2] : null;
    }

    /// <summary>How many threads really ran at once in <paramref name="rows"/>: min(logical CPUs, every row's PeakConc); null when neither is known.</summary>
    public static int? RanAtOnce(RunEnvironment environment, IEnumerable<BenchmarkResult> rows)
    {
        var limits = rows.Select(PeakConcurrency).Append(LogicalCpus(environment)).Where(x => x is not null).Select(x => x!.Value).ToList();
        return limits.Count > 0 ? limits.Min() : null;
    }

    /// <summary>Why a claim about <see cref="PublishedClaim.Threads"/> threads contending cannot be judged here, or null when it can.</summary>
    public static string? Threads(PublishedClaim claim, RunEnvironment environment, IReadOnlyList<BenchmarkResult> rows)
    {
        ArgumentNullException.ThrowIfNull(claim);
        ArgumentNullException.ThrowIfNull(rows);
        if (claim.Threads is not int needed || RanAtOnce(environment, rows) is not int ran || ran >= needed)
        {
            return null;
        }

        string cpus = LogicalCpus(environment) is int c ? $"{c} logical CPUs" : "logical CPUs unknown";
        var peaks = rows.Select(PeakConcurrency).Where(p => p is not null).Select(p => p!.Value.ToString(CultureInfo.InvariantCulture)).ToList();
        string peak = peaks.Count > 0 ? $"; PeakConc {string.Join(" and ", peaks)}" : "";
        return $"premise not met: {needed} threads contending, but at most {ran} ran at once here ({cpus}{peak})";
    }

    /// <summary>Why hardware events cannot be counted on this machine, or null when environment.md does not say they cannot.</summary>
    public static string? Pmu(RunEnvironment environment)
    {
        ArgumentNullException.ThrowIfNull(environment);
        string? row = environment.Row(PmuRow);
        return row is not null && row.TrimStart().StartsWith("no", StringComparison.OrdinalIgnoreCase)
            ? $"premise not met: no hardware counters ({row})"
            : null;
    }
}
