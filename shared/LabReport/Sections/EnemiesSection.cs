using LabReport.Charts;
using LabReport.RunFiles;

namespace LabReport.Sections;

/// <summary>Post 2: six enemies, each a ratio; defences down (the plain run) vs up (<c>defended/</c>, EnemyDefenseConfig).</summary>
public sealed class EnemiesSection : PostSection
{
    internal static readonly (string Id, string Class, string Numerator, string Denominator, (string, string)[] NumeratorParameters, (string, string)[] DenominatorParameters)[] Enemies =
    [
        ("E1", "E1_JitWarmup", "SumPayloadCold", "SumPayloadWarm", [], []),
        ("E2", "E2_GcPauses", "InsertAllocHeavy", "InsertPreAllocated", [], []),
        ("E3", "E3_OsNoise", "InsertSame", "InsertBaseline", [], []),
        ("E4", "E4_CacheState", "LookupRandom", "LookupRandom", [("TableSize", "2000000")], [("TableSize", "10000")]),
        ("E5", "E5_BranchPredictor", "ScanSorted", "ScanRandom", [], []),
        ("E6", "E6_DeadCode", "ChecksumEliminated", "ChecksumPreserved", [], []),
    ];

    /// <inheritdoc />
    public override string Post => "enemies-of-measurement";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        var set = context.Benchmarks();
        foreach (var e in Enemies)
        {
            yield return RatioClaim(context, e.Id, set.Find(e.Class, e.Numerator, e.NumeratorParameters), set.Find(e.Class, e.Denominator, e.DenominatorParameters),
                $"{e.Class} {e.Numerator} and {e.Denominator}");
        }

        yield return NoiseClaim(context);
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context) => EnemiesCharts.Draw(context);

    // E3's point: the spread of identical code under load. StdDev noisy / isolated from the two runs of noisy-vs-isolated.sh.
    private static ClaimRow NoiseClaim(SectionContext context)
    {
        var claim = context.Published.Claim("E3-noise");
        var noisy = context.Benchmarks(Path.Combine("noisy-vs-isolated", "noisy")).Find("E3_OsNoise", "InsertBaseline");
        var isolated = context.Benchmarks(Path.Combine("noisy-vs-isolated", "isolated")).Find("E3_OsNoise", "InsertBaseline");
        if (noisy is null || isolated is null)
        {
            return Judge.Missing(claim, "noisy-vs-isolated/{noisy,isolated}: InsertBaseline not found (the E3 script did not run)");
        }

        if (!(isolated.StdDevNs > 0) || double.IsNaN(noisy.StdDevNs))
        {
            return Judge.Row(claim, "no StdDev", Verdict.NotMeasurableHere, "a StdDev needs at least two iterations in both runs");
        }

        return Judge.Ratio(claim, RatioEstimate.Point(noisy.StdDevNs / isolated.StdDevNs),
            $"StdDev {Format.Time(noisy.StdDevNs)} noisy vs {Format.Time(isolated.StdDevNs)} isolated");
    }
}
