using LabReport.Claims;
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

/// <summary>The prologue's own rounds: the claims' Mark steps and the Mark8 sweep, read back from their CSV files.</summary>
public sealed class MarkRoundsTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("labreport-mark-rounds-").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [Fact]
    public void A_sweep_in_rounds_is_read_from_every_round_and_pairs_round_by_round()
    {
        File.WriteAllText(Path.Combine(_dir, MarkRuns.SweepRoundsFile), """
            round,group,function,size,mean_ns,sdev_ns,count
            1,sort,quicksort,12800,800000,1000,10
            1,sort,heapsort,12800,960000,1000,10
            2,sort,heapsort,12800,1900000,1000,10
            2,sort,quicksort,12800,1600000,1000,10
            3,sort,quicksort,12800,810000,1000,10
            3,sort,heapsort,12800,980000,1000,10
            """);
        File.WriteAllText(Path.Combine(_dir, MarkRuns.SweepFile), "group,function,size,mean_ns,sdev_ns,count\nsort,quicksort,12800,1,1,1\n");

        var sweep = MarkRuns.SweepOf(_dir, repeats: 3);

        var quick = sweep.Single(r => r.Method == "quicksort");
        var heap = sweep.Single(r => r.Method == "heapsort");
        quick.RoundResults!.Select(r => r.Round).Should().Equal(1, 2, 3);
        quick.MeanNs.Should().Be(810000);
        // Round 2 ran on a machine twice as slow, for both sorts alike: the paired ratio does not see it.
        var ratio = RatioEstimate.Of(heap, quick);
        ratio.Rounds.Should().Be(3);
        ratio.Value.Should().BeApproximately(1.2, 1e-9);
        // Unpaired, the 2× slower round would spread the sides over 0.6–2.4×; paired, the rounds give 1.19–1.21×.
        ratio.Upper.Should().BeLessThan(1.4);
        ratio.Lower.Should().BeGreaterThan(1.05);
    }

    [Fact]
    public void Without_a_rounds_file_the_sweep_is_read_as_before()
    {
        File.WriteAllText(Path.Combine(_dir, MarkRuns.SweepFile), "group,function,size,mean_ns,sdev_ns,count\nsort,quicksort,12800,800000,1000,10\n");

        var sweep = MarkRuns.SweepOf(_dir, repeats: 10);

        sweep.Should().ContainSingle().Which.HasRounds.Should().BeFalse();
    }

    [Fact]
    public void Steps_in_rounds_keep_their_round_and_a_chart_gets_one_median_per_step()
    {
        string path = Path.Combine(_dir, MarkRuns.StepsFile);
        File.WriteAllText(path, """
            round,step,calls,mean_ns,sdev_ns
            1,0,1,5000,
            1,1,100000000,0.4,
            2,1,100000000,0.6,
            2,0,1,7000,
            3,0,1,6000,
            3,1,100000000,0.5,
            0,1,1000000,3.9,
            0,3,100000000,3.8,
            """);

        var steps = MarkRuns.Steps(path);
        var medians = MarkRuns.Medians(steps);

        steps.Where(s => s.Step == 0).Select(s => s.Round).Should().Equal(1, 2, 3);
        medians.Select(s => (s.Step, s.Calls, s.MeanNs)).Should().Equal((0, 1L, 6000.0), (1, 1_000_000L, 3.9), (1, 100_000_000L, 0.5), (3, 100_000_000L, 3.8));
    }

    [Fact]
    public void Steps_written_before_rounds_read_as_round_zero()
    {
        string path = Path.Combine(_dir, MarkRuns.StepsFile);
        File.WriteAllText(path, "step,calls,mean_ns,sdev_ns\n0,1,5113,\n");

        MarkRuns.Steps(path).Should().ContainSingle().Which.Round.Should().Be(0);
    }
}

/// <summary>A step that runs each round as a run of its own (post 2's noisy-vs-isolated.sh) leaves round-K/ folders.</summary>
public sealed class RoundFoldersTests : IDisposable
{
    private readonly RunFixture _run = RunFixture.Copy("full");

    public void Dispose() => _run.Dispose();

    [Fact]
    public void Round_folders_are_read_as_the_rounds_of_one_case_and_E3s_claims_pair_them()
    {
        string pair = _run.File(Path.Combine("enemies-of-measurement", "noisy-vs-isolated"));
        foreach (string side in new[] { "noisy", "isolated" })
        {
            string table = Path.Combine(pair, side, "EnemiesOfMeasurement.E3_OsNoise-report-github.md");
            for (int round = 1; round <= 3; round++)
            {
                string folder = Path.Combine(pair, side, BenchmarkSet.RoundFolder(round));
                Directory.CreateDirectory(folder);
                File.Copy(table, Path.Combine(folder, Path.GetFileName(table)));
            }

            File.Delete(table);
        }

        var noisy = BenchmarkSet.Load(Path.Combine(pair, "noisy")).Find("E3_OsNoise", "InsertBaseline")!;
        var isolated = BenchmarkSet.Load(Path.Combine(pair, "isolated")).Find("E3_OsNoise", "InsertBaseline")!;
        noisy.RoundResults!.Select(r => r.Round).Should().Equal(1, 2, 3);

        RunFixture.Run("report", _run.Path).Code.Should().Be(0);
        var rounds = RoundsOf(_run.File("verdicts.json"));
        rounds["E3-mean"].Should().Be(3);
        rounds["E3-noise"].Should().Be(3);
        RatioEstimate.Of(noisy, isolated).Rounds.Should().Be(3);
    }

    // claim id → the rounds behind its estimate, from the run's verdicts.json.
    private static Dictionary<string, int> RoundsOf(string path)
    {
        using var doc = System.Text.Json.JsonDocument.Parse(File.ReadAllText(path));
        var rows = new Dictionary<string, int>(StringComparer.Ordinal);
        foreach (var element in Descendants(doc.RootElement).Where(e => e.ValueKind == System.Text.Json.JsonValueKind.Object
            && e.TryGetProperty("id", out _) && e.TryGetProperty("rounds", out _)))
        {
            rows[element.GetProperty("id").GetString()!] = element.GetProperty("rounds").GetInt32();
        }

        return rows;
    }

    private static IEnumerable<System.Text.Json.JsonElement> Descendants(System.Text.Json.JsonElement element)
    {
        yield return element;
        var children = element.ValueKind switch
        {
            System.Text.Json.JsonValueKind.Object => element.EnumerateObject().Select(p => p.Value),
            System.Text.Json.JsonValueKind.Array => element.EnumerateArray(),
            _ => [],
        };
        foreach (var child in children.SelectMany(Descendants))
        {
            yield return child;
        }
    }
}

/// <summary>A statistic computed once per round (a p-value, an effect size): the median, and the rounds' interval on its logs.</summary>
public class PerRoundStatisticTests
{
    [Fact]
    public void A_per_round_statistic_is_judged_like_a_ratio_of_rounds()
    {
        double[] values = [0.3, 0.01, 0.2, 0.05, 0.1];
        var e = RatioEstimate.PerRound(values);
        var rounds = LabRounds.RoundsEstimate.FromRatios(values);

        e.Value.Should().Be(0.1);
        (e.Lower, e.Upper).Should().Be((rounds.Lower, rounds.Upper));
        e.Rounds.Should().Be(5);
        e.LogSpread.Should().Be(rounds.LogSpread);
        e.Level.Should().Be(LabRounds.ConfidenceSequence.Level);
    }

    [Fact]
    public void One_round_is_a_point_and_missing_rounds_are_left_out()
    {
        RatioEstimate.PerRound([0.4]).HasInterval.Should().BeFalse();
        var e = RatioEstimate.PerRound([0.4, double.NaN, 0.2]);
        (e.Value, e.Rounds).Should().Be((0.30000000000000004, 2));
        RatioEstimate.PerRound([0.4, -0.1, 0.2]).HasInterval.Should().BeFalse("a value at or below zero has no logarithm");
    }

    [Fact]
    public void A_statistic_of_either_sign_gets_Student_t_on_its_values_at_the_last_look()
    {
        double[] values = [-1.2, 2.5, 0.4, -0.3, 1.1];
        var e = RatioEstimate.PerRoundSigned(values);

        // By hand: mean 0.5, sample SD, the sequence's t at 5 rounds.
        double mean = values.Average();
        double sd = Math.Sqrt(values.Sum(v => (v - mean) * (v - mean)) / (values.Length - 1));
        double half = LabRounds.ConfidenceSequence.Critical(5) * sd / Math.Sqrt(5);
        (e.HasInterval, e.Value, e.Rounds).Should().Be((true, 0.4, 5));
        e.Lower.Should().BeApproximately(mean - half, 1e-12);
        e.Upper.Should().BeApproximately(mean + half, 1e-12);
        (e.SignedMean, e.SignedSpread).Should().Be((mean, sd));
        double.IsNaN(e.LogMean).Should().BeTrue("no logarithm is taken");

        var early = RatioEstimate.PerRoundSigned([-1.0, 2.0]);
        (early.HasInterval, early.MeasuredOnce, early.Value).Should().Be((false, true, 0.5), "two rounds are before the first look: a point that decides nothing");
        var seven = RatioEstimate.PerRoundSigned([.. values, 9.0, 9.5]);
        (seven.Rounds, seven.MeasuredRounds, seven.Lower).Should().Be((5, 7, e.Lower), "rounds past the last look wait for the next");
    }
}

public sealed class StdDevRoundsTests : IDisposable
{
    private readonly RunFixture _run = RunFixture.Copy("rounds");

    public void Dispose() => _run.Dispose();

    [Fact]
    public void E4s_StdDev_ratio_from_rounds_of_three_iterations_pairs_each_rounds_own_StdDevs()
    {
        var set = BenchmarkSet.Load(_run.File("enemies-of-measurement"));
        var large = set.Find("E4_CacheState", "LookupRandom", ("TableSize", "2000000"))!;
        var small = set.Find("E4_CacheState", "LookupRandom", ("TableSize", "10000"))!;
        large.RoundResults!.Should().OnlyContain(r => r.Iterations == 3);
        var expected = RatioEstimate.FromRounds(LabRounds.RoundsEstimate.Paired(
            large.RoundResults!.ToDictionary(r => r.Round, r => r.StdDevNs), small.RoundResults!.ToDictionary(r => r.Round, r => r.StdDevNs)));

        RunFixture.Run("report", _run.Path).Code.Should().Be(0);

        string row = File.ReadAllLines(_run.File("report.md")).Single(l => l.StartsWith("| E4 LookupRandom StdDev", StringComparison.Ordinal));
        expected.HasInterval.Should().BeTrue();
        row.Should().Contain(Interval.Ratio(expected), "each round's StdDev ratio, their median and the interval between rounds");
        row.Should().NotContain(Interval.Ratio(RatioEstimate.Point(large.StdDevNs / small.StdDevNs)), "pooling every round's iterations mixes the rounds' states into the StdDev");
    }

    [Fact]
    public void Welch_t_takes_either_sign_and_is_judged_on_its_interval_not_on_the_sign_of_its_median()
    {
        var set = BenchmarkSet.Load(_run.File("statistics-that-matter"));
        var ternary = set.Find("NoisyComparison", "FilterTernary")!;
        var branch = set.Find("NoisyComparison", "FilterBranch")!;
        var perRound = ternary.RoundResults!.Join(branch.RoundResults!, t => t.Round, b => b.Round, (t, b) => -LabStatistics.WelchTTest.Test(b.Values!, t.Values!).T).ToList();
        var expected = RatioEstimate.PerRoundSigned(perRound);
        expected.HasInterval.Should().BeTrue();

        RunFixture.Run("report", _run.Path).Code.Should().Be(0);

        string row = File.ReadAllLines(_run.File("report.md")).Single(l => l.StartsWith("| 20 iterations: Welch's t, FilterBranch", StringComparison.Ordinal));
        row.Should().Contain($"−t = {Interval.Text(expected, Format.Number)}");
        // The post's t = 8.4 with its band 4.2–16.8; below 0 as a whole: the other side.
        string verdict = expected.Upper < 0 || expected.Upper < 4.2 || expected.Lower > 16.8 ? "not reproduced" : expected.Lower >= 4.2 && expected.Upper <= 16.8 ? "reproduced" : "borderline";
        row.Should().Contain($"**{verdict}**");
    }

    [Fact]
    public void Welch_p_is_the_posts_test_in_each_round_with_the_rounds_median_and_interval()
    {
        var set = BenchmarkSet.Load(_run.File("statistics-that-matter"));
        var ternary = set.Find("NoisyComparison", "FilterTernary")!;
        var branch = set.Find("NoisyComparison", "FilterBranch")!;
        var perRound = ternary.RoundResults!.Join(branch.RoundResults!, t => t.Round, b => b.Round, (t, b) => Math.Max(LabStatistics.WelchTTest.Test(b.Values!, t.Values!).PValue, 1e-300)).ToList();
        perRound.Should().HaveCountGreaterThan(1);
        var expected = RatioEstimate.PerRound(perRound);

        RunFixture.Run("report", _run.Path).Code.Should().Be(0);

        string row = File.ReadAllLines(_run.File("report.md")).Single(l => l.StartsWith("| 20 iterations: Welch's t-test p", StringComparison.Ordinal));
        row.Should().Contain($"p = {Interval.Text(expected, Format.P)}");
        string verdict = Interval.Low(expected) > 0.001 ? "not reproduced" : Interval.High(expected) <= 0.001 ? "reproduced" : "borderline";
        row.Should().Contain($"**{verdict}**");
    }
}

/// <summary>One process per side: a StdDev ratio with Fisher's F interval.</summary>
public class StdDevRatioIntervalTests
{
    [Fact]
    public void Ratio_of_two_StdDevs_of_eleven_iterations_spans_the_square_root_of_the_F_table_value()
    {
        // F(0.975; 10, 10) = 3.717 (standard F table): the SD ratio 2 lies in [2 / √3.717; 2 · √3.717] at 95%.
        var e = EnemiesSection.StdDevRatioInterval((4.0, 10), (2.0, 10), 0.95);

        e.Value.Should().Be(2);
        e.Lower.Should().BeApproximately(2 / Math.Sqrt(3.717), 0.001);
        e.Upper.Should().BeApproximately(2 * Math.Sqrt(3.717), 0.002);
        e.Level.Should().Be(0.95);
    }
}
