using LabReport.Ab;
using LabRounds;

namespace LabReport.Tests.Ab;

/// <summary>
/// The arithmetic of a verdict against numbers computed apart (Python, statistics.stdev and t(0.975, 4) = 2.776445):
/// per-round ratios B/A, their median, the 95% interval of their mean on the log scale, and the smallest detectable change.
/// </summary>
public class AbVerdictsTests
{
    private static readonly Side A = new("A", new AbBuild("a", BuildKind.Folder, null, "/a.dll"), new Dictionary<string, string>(), []);
    private static readonly Side B = A with { Name = "B" };

    private static AbMeasurements Rounds(double[] a, double[] b)
    {
        var measurements = new AbMeasurements();
        for (int i = 0; i < a.Length; i++)
        {
            measurements.Add(Run(A, i + 1, a[i]));
            measurements.Add(Run(B, i + 1, b[i]));
        }

        return measurements;
    }

    private static SideRun Run(Side side, int round, double ns) =>
        new(new SideTask(round, side, null), TimeSpan.Zero, TimeSpan.Zero, new Dictionary<string, BenchmarkSample> { ["K.M"] = new(ns, [ns, ns]) });

    [Fact]
    public void Rounds_are_paired_by_number_and_the_interval_matches_a_reference()
    {
        // B/A per round: 1.05, 1.06, 1.02, 1.058333, 1.055556 (the machine moves A from 90 to 200 and B with it).
        var verdict = AbVerdicts.Judge(Rounds([100, 200, 150, 120, 90], [105, 212, 153, 127, 95]), AbMethod.Interleaved, 0.0).Single();

        // Reference: the logs' mean and SD, at the confidence sequence's critical value for 5 rounds.
        double[] logs = [.. new[] { 1.05, 212 / 200.0, 153 / 150.0, 127 / 120.0, 95 / 90.0 }.Select(r => Math.Log(r))];
        double mean = logs.Average(), sd = Math.Sqrt(logs.Sum(l => (l - mean) * (l - mean)) / 4);
        double half = ConfidenceSequence.Critical(5) * sd / Math.Sqrt(5);
        verdict.Ratio.Should().BeApproximately(1.0555556, 1e-6);
        verdict.Lower.Should().BeApproximately(Math.Exp(mean - half), 1e-9);
        verdict.Upper.Should().BeApproximately(Math.Exp(mean + half), 1e-9);
        verdict.Spread.Should().BeApproximately(0.0159096, 1e-6);
        verdict.Change.Should().Be(Change.Slower, "the interval clears 1.00");
        (verdict.MedianA, verdict.MedianB, verdict.Rounds).Should().Be((120.0, 127.0, 5));
        AbVerdicts.Judge(Rounds([100, 200, 150, 120, 90], [105, 212, 153, 127, 95]), AbMethod.Interleaved, 0.02).Single().Change
            .Should().Be(Change.Same, "its low end does not clear 1.02 after five rounds");
    }

    [Fact]
    public void The_smallest_detectable_change_follows_from_the_spread_and_the_rounds()
    {
        var estimate = RoundsEstimate.FromRatios([1.01, 0.99, 1.02, 0.98, 1.00]);

        AaStatistics.SmallestDetectable(estimate, 0.02).Should().BeApproximately(0.0402256, 1e-6);
        AaStatistics.SmallestDetectable(RoundsEstimate.FromRatios([1.0]), 0.02).Should().Be(double.NaN);
    }

    [Fact]
    public void An_aa_summary_counts_the_flagged_benchmarks()
    {
        BenchmarkVerdict V(string key, Change change, double detectable) =>
            new(key, 10, 1, 1, 1, 0.9, 1.1, 0.95, change, 0.01, detectable, "");

        var aa = AaStatistics.Summarize([V("a", Change.Same, 0.03), V("b", Change.Slower, 0.05), V("c", Change.Same, 0.04), V("d", Change.NotMeasurable, double.NaN)], 0.02);

        (aa.Benchmarks, aa.Flagged, aa.SmallestDetectable, aa.LargestDetectable).Should().Be((3, 1, 0.04, 0.05));
        aa.FalsePositiveRate.Should().BeApproximately(1 / 3.0, 1e-12);
    }

    [Fact]
    public void A_single_round_is_not_measurable()
    {
        AbVerdicts.Judge(Rounds([100], [200]), AbMethod.Interleaved, 0.02).Single().Change.Should().Be(Change.NotMeasurable);
    }
}
