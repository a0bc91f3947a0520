using System.Globalization;
using LabReport;
using LabReport.Charts;
using LabReport.Claims;
using LabReport.FlameGraphs;
using LabReport.RunFiles;
using LabReport.Sections;
using LabRounds;

namespace HardwareCounters.Claims;

/// <summary>Post 5: random vs sequential access by size, and the cache cliff predicted before the run.</summary>
public sealed class HardwareCountersSection : PostSection
{
    internal static readonly (string Id, string N)[] Sizes = [("ratio-1M", "1000000"), ("ratio-8M", "8000000"), ("ratio-64M", "64000000")];

    // SumRandom touches a long[] and an int[] of N elements: 12 bytes per element.
    internal const double RandomBytesPerElement = 12;

    /// <inheritdoc />
    public override string Post => "hardware-counters";

    // The perf stat runs the hook records (Scripts/perf-stat.sh --out perf-stat): one CSV per loop.
    private const string PerfFolder = "perf-stat";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        foreach (var (id, _) in Sizes)
        {
            yield return RatioClaim(context, id);
        }

        yield return Cliff(context);
        yield return PerElement(context, "seq-8M");
        yield return PerElement(context, "seq-64M");
        yield return PerElement(context, "seq-8M-to-64M");
        foreach (var row in Counters(context))
        {
            yield return row;
        }

        yield return MissRateRises(context);
        yield return FlameWidth(context);
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context) => HardwareCountersCharts.Draw(context);

    // The post's shape, whatever this machine's L3: the ratio jumps from 1M to 8M, and 64M does not fall back to 1M's level.
    // Its cases: random and sequential at 1M, at 8M, at 64M.
    private static ClaimRow Cliff(SectionContext context)
    {
        var claim = context.Published.Claim("cliff");
        var (r1, s1, r8, s8, r64, s64) = (context.Case(claim, 0), context.Case(claim, 1), context.Case(claim, 2),
            context.Case(claim, 3), context.Case(claim, 4), context.Case(claim, 5));
        if (r1 is null || s1 is null || r8 is null || s8 is null || r64 is null || s64 is null)
        {
            return Judge.Missing(claim, $"{string.Join(", ", claim.Cases)}: not all in the run's tables");
        }

        // A ratio of ratios: (R8 / S8) / (R1 / S1), each side's means independent (or paired by round).
        var jump = RatioEstimate.Of([r8, s1], [s8, r1]);
        var stays = RatioEstimate.Of([r64, s1], [s64, r1]);
        var after = RatioEstimate.Of([r64, s8], [s64, r8]);
        string shown = $"{Interval.Ratio(jump)} from 1M to 8M; 64M: {Interval.Ratio(stays)} the 1M ratio, {Interval.Ratio(after)} the 8M ratio";
        if (!jump.HasInterval || !stays.HasInterval || !after.HasInterval)
        {
            return Judge.Row(claim, shown, Verdict.NotMeasurableHere, "AccessPatterns has no intervals: a jump cannot be told from noise");
        }

        return Judge.Shape(claim, CliffParts(claim.Value, jump, stays, after), shown);
    }

    /// <summary>
    /// The cliff's parts for the post's jump <paramref name="post"/> (8M over 1M): a jump of at least half the post's on a
    /// log scale (√post), kept at 64M (64M over 1M at least as much), and 64M giving back at most half of the post's jump
    /// from 8M (64M over 8M at least 1/√post), so that neither a mild rise nor a half snap-back passes for the cliff.
    /// </summary>
    public static IReadOnlyList<ShapePart> CliffParts(double post, RatioEstimate jump, RatioEstimate stays, RatioEstimate after)
    {
        double half = Math.Sqrt(post);
        return
        [
            new ShapePart("8M over 1M", jump, Above: true, half),
            new ShapePart("64M over 1M", stays, Above: true, half),
            new ShapePart("64M over 8M", after, Above: true, 1 / half),
        ];
    }

    // SumSequential's time per element at a larger N over a smaller one (its two cases): above 1 when the time grows
    // faster than the data.
    private static ClaimRow PerElement(SectionContext context, string id)
    {
        var claim = context.Published.Claim(id);
        var (larger, smaller) = (context.Case(claim, 0), context.Case(claim, 1));
        if (larger is null || smaller is null)
        {
            return Judge.Missing(claim, $"{claim.Cases[0]} and {claim.Cases[1]}: not in the run's tables");
        }

        double growth = (Quantity.Number(larger.Parameter("N")) ?? double.NaN) / (Quantity.Number(smaller.Parameter("N")) ?? double.NaN);

        var ratio = Scaled(RatioEstimate.Of(larger, smaller), 1 / growth);
        return RatioRow(context, claim, ratio, $"{Format.MeanWithError(larger)} vs {Format.MeanWithError(smaller)}, for {growth:0}× the data", [larger, smaller]);
    }

    // The post's perf stat counters: IPC, L1 miss rate, branch miss rate of the two loops, where the machine counts them.
    private static IEnumerable<ClaimRow> Counters(SectionContext context)
    {
        var claims = new[] { "ipc", "l1-miss", "branch-miss", "branch-miss-seq", "l1-miss-random-high", "ipc-random-low", "hotloop-ipc-seq", "hotloop-ipc-random" }
            .Select(context.Published.Claim).ToList();
        if (Premise.Pmu(context.Run.Environment) is { } unmet)
        {
            return claims.Select(c => Judge.Row(c, "—", Verdict.NotMeasurableHere, unmet));
        }

        var sequential = LoadPerf(context, "sequential");
        var random = LoadPerf(context, "random");
        if (sequential is null || random is null)
        {
            return claims.Select(c => Judge.Missing(c, $"{PerfFolder}/perf-stat-{{sequential,random}}.csv: not in the run (Scripts/perf-stat.sh)"));
        }

        double? Rate(PerfStat perf, string part, string whole) => perf.Count(part) / perf.Count(whole);
        return
        [
            Counter(claims[0], Rate(sequential, "instructions", "cycles") / Rate(random, "instructions", "cycles"), "IPC sequential / random",
                $"IPC {Format.Number(Rate(sequential, "instructions", "cycles") ?? double.NaN)} vs {Format.Number(Rate(random, "instructions", "cycles") ?? double.NaN)}"),
            Counter(claims[1], Rate(random, "L1-dcache-load-misses", "L1-dcache-loads") / Rate(sequential, "L1-dcache-load-misses", "L1-dcache-loads"),
                "L1 miss rate random / sequential", "L1-dcache-load-misses / L1-dcache-loads"),
            Counter(claims[2], Rate(random, "branch-misses", "branch-instructions") * 100, "the random loop's branch miss rate", "branch-misses / branch-instructions"),
            Counter(claims[3], Rate(sequential, "branch-misses", "branch-instructions") * 100, "the sequential loop's branch miss rate", "branch-misses / branch-instructions"),
            Counter(claims[4], Rate(random, "L1-dcache-load-misses", "L1-dcache-loads") * 100, "the random loop's L1 miss rate", "L1-dcache-load-misses / L1-dcache-loads"),
            Counter(claims[5], Rate(random, "instructions", "cycles"), "the random loop's IPC", "instructions / cycles, random loop"),
            Counter(claims[6], Rate(sequential, "instructions", "cycles"), "the sequential loop's IPC", "instructions / cycles, the standalone sequential loop"),
            Counter(claims[7], Rate(random, "instructions", "cycles"), "the random loop's IPC", "instructions / cycles, the standalone random loop"),
        ];
    }

    private static ClaimRow Counter(PublishedClaim claim, double? value, string what, string how)
    {
        if (value is not double v || !double.IsFinite(v))
        {
            return Judge.Row(claim, "—", Verdict.NotMeasurableHere, $"perf stat counted no events for {what} ({how}: <not supported> or absent)");
        }

        var point = RatioEstimate.Point(v);
        return claim.Unit == "%"
            ? Judge.Estimate(claim, point, $"{Format.Number(v)}% ({how}; perf stat, no interval)", x => $"{Format.Number(x)}%")
            : claim.Kind == ClaimKinds.Ratio
                ? Judge.Estimate(claim, point, $"{Interval.Ratio(point)} — {how} (perf stat)")
                : Judge.Estimate(claim, point, $"{Format.Number(v)} — {how} (perf stat, no interval)", Format.Number);
    }

    // The checklist's "rising miss rate as N grows": the random loop's LLC miss % (BenchmarkDotNet's column, measured
    // iterations only, where the machine has a PMU) at the larger size over the smaller; in rounds, each side's median.
    private static ClaimRow MissRateRises(SectionContext context)
    {
        var claim = context.Published.Claim("miss-rate-rises");
        if (Premise.Pmu(context.Run.Environment) is { } unmet)
        {
            return Judge.Row(claim, "—", Verdict.NotMeasurableHere, unmet);
        }

        var (larger, smaller) = (context.Case(claim, 0), context.Case(claim, 1));
        if (larger is null || smaller is null)
        {
            return Judge.Missing(claim, $"{claim.Cases[0]} and {claim.Cases[1]}: not in the run's tables");
        }

        double? Rate(BenchmarkResult result)
        {
            var cells = (result.RoundResults ?? [result]).Select(r => Quantity.Number((r.Column(LlcMissColumn) ?? "").Replace("%", "", StringComparison.Ordinal).Trim())).ToList();
            return cells.Any(c => c is null) ? null : RoundsEstimate.MedianOf([.. cells.Select(c => c!.Value)]);
        }

        if (Rate(larger) is not double high || Rate(smaller) is not double low || !(low > 0))
        {
            return Judge.Row(claim, "—", Verdict.NotMeasurableHere, $"no {LlcMissColumn} column (or a zero rate) for both sizes in the run's table");
        }

        return Judge.Estimate(claim, RatioEstimate.Point(high / low),
            $"{Format.Number(high / low)}× — LLC miss {Format.Number(high)}% at N = {larger.Parameter("N")} vs {Format.Number(low)}% at N = {smaller.Parameter("N")} (BenchmarkDotNet's {LlcMissColumn} column)", Format.Number);
    }

    private const string LlcMissColumn = "LLC miss %";

    // "Sequential — one hot column … Random — wider, flatter": the share of samples in each flame graph's hottest leaf
    // frame (the folded stacks the hook records in quick and full: a missing file is the claim's "missing", not a problem), sequential over random.
    private static ClaimRow FlameWidth(SectionContext context)
    {
        var claim = context.Published.Claim("flame-random-wider");
        var shares = new[] { "sequential", "random" }.Select(mode => HottestLeafShare(context, mode)).ToList();
        if (shares.Any(s => s is null))
        {
            return Judge.Missing(claim, $"{FlameFolder}/{{sequential,random}}.folded: not in the run (Scripts/flame-graph.sh)");
        }

        var (sequential, random) = (shares[0]!.Value, shares[1]!.Value);
        return Judge.Estimate(claim, RatioEstimate.Once(sequential.Share / random.Share),
            $"{Format.Number(sequential.Share / random.Share)}× — hottest leaf frame {Format.Percent(sequential.Share)} of {sequential.Total} samples (sequential) vs " +
            $"{Format.Percent(random.Share)} of {random.Total} (random); no interval", Format.Number);
    }

    private const string FlameFolder = "flame-graph";

    private static (double Share, long Total)? HottestLeafShare(SectionContext context, string mode)
    {
        string? path = context.OptionalFile(Path.Combine(FlameFolder, $"{mode}.folded"));
        if (path is null)
        {
            return null;
        }

        try
        {
            var stacks = FoldedStacks.Load(path).ForReading().Stacks;
            long total = stacks.Sum(s => s.Samples);
            return total == 0 ? null : ((double)stacks.GroupBy(s => s.Frames[^1]).Max(g => g.Sum(s => s.Samples)) / total, total);
        }
        catch (Exception e) when (e is InvalidDataException or IOException or UnauthorizedAccessException)
        {
            context.Problem(e.Message);
            return null;
        }
    }

    private static PerfStat? LoadPerf(SectionContext context, string mode)
    {
        string? path = context.File(Path.Combine(PerfFolder, $"perf-stat-{mode}.csv"));
        if (path is null)
        {
            return null;
        }

        try
        {
            return PerfStat.Load(path);
        }
        catch (Exception e) when (e is InvalidDataException or IOException or UnauthorizedAccessException)
        {
            context.Problem(e.Message);
            return null;
        }
    }
}
