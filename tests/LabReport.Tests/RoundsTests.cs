using LabReport.RunFiles;
using LabRounds;
using LabStatistics;

namespace LabReport.Tests;

/// <summary>A run measured in interleaved rounds (MeasurementLab's --rounds): read back, pooled per case, paired per round.</summary>
public class RoundsTests
{
    private static string Folder => Path.Combine(RunFixture.FixturesRoot, "rounds", "hardware-counters");

    private static string Json => Directory.GetFiles(Folder, "*-report-full.json").Single();

    [Fact]
    public void Each_case_is_one_result_that_keeps_its_rounds()
    {
        var set = BenchmarkSet.Load(Folder);

        set.Results.Should().HaveCount(6);
        set.Results.Should().AllSatisfy(r =>
        {
            r.HasRounds.Should().BeTrue();
            r.RoundResults!.Select(x => x.Round).Should().Equal(1, 2, 3);
            r.Column("Job").Should().StartWith("Job-R");
        });
    }

    [Fact]
    public void A_cases_mean_is_the_median_of_its_round_means()
    {
        var set = BenchmarkSet.Load(Folder);
        var random = set.Find("AccessPatterns", "SumRandom", ("N", "8000000"))!;

        // Reference: the three entries of the JSON report, each a round's own iterations.
        var means = BdnReportReader.Load(Json).Benchmarks
            .Where(b => b.Method == "SumRandom" && b.Parameters == "N=8000000")
            .Select(b => b.Values.Average())
            .Order()
            .ToList();
        means.Should().HaveCount(3);
        random.MeanNs.Should().BeApproximately(means[1], 1e-6);
        random.HasInterval.Should().BeTrue();
        random.LowerNs.Should().BeLessThan(random.MeanNs);
        random.UpperNs.Should().BeGreaterThan(random.MeanNs);
    }

    [Fact]
    public void A_ratio_of_cases_measured_in_rounds_pairs_them_round_by_round()
    {
        var set = BenchmarkSet.Load(Folder);
        var random = set.Find("AccessPatterns", "SumRandom", ("N", "1000000"))!;
        var sequential = set.Find("AccessPatterns", "SumSequential", ("N", "1000000"))!;

        var ratio = RatioEstimate.Of(random, sequential);

        // Reference: per-round ratios from the JSON entries, matched by the round in their job name.
        var report = BdnReportReader.Load(Json).Benchmarks;
        double Mean(string method, int round) => report.Single(b => b.Method == method && b.Parameters == "N=1000000"
            && RoundName.TryParse(b.Job, out _, out int r) && r == round).Values.Average();
        var expected = RoundsEstimate.FromRatios([.. Enumerable.Range(1, 3).Select(r => Mean("SumRandom", r) / Mean("SumSequential", r))]);
        ratio.Value.Should().BeApproximately(expected.Median, 1e-9);
        ratio.Lower.Should().BeApproximately(expected.Lower, 1e-9);
        ratio.Upper.Should().BeApproximately(expected.Upper, 1e-9);
        ratio.Rounds.Should().Be(3);
        ratio.Level.Should().Be(RoundsEstimate.DefaultLevel);
        ratio.ToString().Should().EndWith("(3 rounds)");
    }

    [Fact]
    public void A_throughput_ratio_from_rounds_keeps_its_level_and_rounds()
    {
        var set = BenchmarkSet.Load(Folder);
        var ratio = RatioEstimate.Of(set.Find("AccessPatterns", "SumSequential", ("N", "64000000"))!, set.Find("AccessPatterns", "SumRandom", ("N", "64000000"))!);

        var inverse = ratio.Inverse();

        inverse.Rounds.Should().Be(3);
        inverse.Level.Should().Be(ratio.Level);
        inverse.Value.Should().BeApproximately(1 / ratio.Value, 1e-12);
    }

    [Fact]
    public void The_report_prints_the_median_and_the_rounds_behind_a_mean()
    {
        var set = BenchmarkSet.Load(Folder);

        Format.MeanWithError(set.Results[0]).Should().MatchRegex(@"^\S+ \S+ \[\S+ \S+; \S+ \S+\], 3 rounds$");
    }
}
