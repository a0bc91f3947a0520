using HardwareCounters.Prediction;
using MeasurementLab.Caches;
using MeasurementLab;

namespace HardwareCounters.Tests;

public class CachePredictorTests
{
    [Fact]
    public void On_this_vm_the_cliff_is_between_1M_and_8M()
    {
        using var sysfs = SysfsFixture.ThisVm();

        var prediction = CachePredictor.Predict(CacheTopology.Read(sysfs.CpuRoot), AccessPatterns.Sizes);

        prediction.Sizes.Select(s => (s.N, s.SequentialLevel, s.RandomLevel)).Should().Equal(
            (1_000_000, "L3", "L3"), (8_000_000, "DRAM", "DRAM"), (64_000_000, "DRAM", "DRAM"));
        prediction.CliffIndex.Should().Be(1);
        string text = CachePredictor.Describe(prediction);
        text.Should().MatchRegex(Row("1,000,000", "7.6 MiB → L3", "11.4 MiB → L3"));
        text.Should().Contain("should jump between N=1,000,000 and N=8,000,000").And.Contain("L3 (32 MiB)").And.Contain("no second jump");
    }

    [Fact]
    public void On_the_posts_xeon_the_cliff_is_in_the_same_place_and_the_two_sockets_are_mentioned()
    {
        using var sysfs = SysfsFixture.IvyBridgeEp();

        var prediction = CachePredictor.Predict(CacheTopology.Read(sysfs.CpuRoot), AccessPatterns.Sizes);

        prediction.CliffIndex.Should().Be(1);
        CachePredictor.Describe(prediction).Should().Contain("2 separate last-level caches").And.Contain("L3 (30 MiB)");
    }

    [Fact]
    public void A_96_MiB_L3_moves_the_cliff_to_between_8M_and_64M()
    {
        using var sysfs = new SysfsFixture().CpuWithCaches(0, "32K", "1024K", "98304K", "0-15");

        var prediction = CachePredictor.Predict(CacheTopology.Read(sysfs.CpuRoot), AccessPatterns.Sizes);

        prediction.Sizes[1].RandomLevel.Should().Be("L3", "12 × 8M = 96,000,000 bytes < 96 MiB");
        prediction.Sizes[1].RandomNearCapacity.Should().BeTrue();
        prediction.CliffIndex.Should().Be(2);
        CachePredictor.CliffSentence(prediction).Should().Contain("between N=8,000,000 and N=64,000,000").And.Contain("Caveat");
    }

    [Fact]
    public void A_small_l3_puts_every_size_in_DRAM_and_predicts_no_cliff()
    {
        using var sysfs = new SysfsFixture().CpuWithCaches(0, "32K", "256K", "4096K", "0-3");

        var prediction = CachePredictor.Predict(CacheTopology.Read(sysfs.CpuRoot), AccessPatterns.Sizes);

        prediction.CliffIndex.Should().BeNull();
        CachePredictor.CliffSentence(prediction).Should().Contain("no cliff").And.Contain("should already be high");
    }

    [Fact]
    public void Unknown_caches_predict_nothing_and_give_no_verdict()
    {
        using var sysfs = new SysfsFixture();

        var prediction = CachePredictor.Predict(CacheTopology.Read(sysfs.CpuRoot), AccessPatterns.Sizes);

        prediction.CachesKnown.Should().BeFalse();
        prediction.Sizes.Should().OnlyContain(s => s.RandomLevel == "unknown");
        CachePredictor.CliffSentence(prediction).Should().StartWith("No prediction");
        CachePredictor.Check(prediction, PostPublished()).Verdict.Should().Be(PredictionVerdict.Inconclusive);
    }

    [Fact]
    public void Sizes_are_sorted_and_deduplicated()
    {
        using var sysfs = SysfsFixture.ThisVm();

        var prediction = CachePredictor.Predict(CacheTopology.Read(sysfs.CpuRoot), [8_000_000, 1_000_000, 8_000_000]);

        prediction.Sizes.Select(s => s.N).Should().Equal(1_000_000, 8_000_000);
    }

    [Fact]
    public void The_posts_published_ratios_agree_with_a_30_MiB_l3()
    {
        using var sysfs = SysfsFixture.IvyBridgeEp();
        var prediction = CachePredictor.Predict(CacheTopology.Read(sysfs.CpuRoot), AccessPatterns.Sizes);

        var check = CachePredictor.Check(prediction, PostPublished());

        check.Verdict.Should().Be(PredictionVerdict.Agrees);
        check.Message.Should().Contain("×1.52 between N=1,000,000 and N=8,000,000").And.Contain("No other jump");
        check.Steps.Select(s => s.Significant).Should().Equal(true, false);
    }

    [Fact]
    public void The_posts_unpinned_numa_run_disagrees_because_the_jump_came_one_size_later()
    {
        using var sysfs = SysfsFixture.IvyBridgeEp();
        var prediction = CachePredictor.Predict(CacheTopology.Read(sysfs.CpuRoot), AccessPatterns.Sizes);
        RatioObservation[] unpinned =
        [
            Observation(1_000_000, 555.0, 1.26, 7_577.9, 181.88),
            Observation(8_000_000, 9_146.4, 1_431.15, 127_720.5, 1_591.92),
            Observation(64_000_000, 65_306.5, 522.56, 1_665_816.7, 35_695.93),
        ];

        var check = CachePredictor.Check(prediction, unpinned);

        check.Verdict.Should().Be(PredictionVerdict.Disagrees);
        check.Message.Should().Contain("between N=8,000,000 and N=64,000,000 instead");
    }

    [Fact]
    public void A_jump_inside_the_noise_does_not_count()
    {
        using var sysfs = SysfsFixture.ThisVm();
        var prediction = CachePredictor.Predict(CacheTopology.Read(sysfs.CpuRoot), [1_000_000, 8_000_000]);
        // ×1.3 on the means, but the ratio ranges overlap: [8.3; 14.7] vs [10.7; 19.2].
        RatioObservation[] noisy = [Observation(1_000_000, 100, 15, 1100, 150), Observation(8_000_000, 100, 15, 1430, 200)];

        var check = CachePredictor.Check(prediction, noisy);

        check.Steps.Single().Factor.Should().BeApproximately(1.3, 1e-9);
        check.Steps.Single().Significant.Should().BeFalse();
        check.Verdict.Should().Be(PredictionVerdict.Disagrees);
    }

    [Fact]
    public void Without_intervals_the_means_decide_and_the_message_says_so()
    {
        using var sysfs = SysfsFixture.ThisVm();
        var prediction = CachePredictor.Predict(CacheTopology.Read(sysfs.CpuRoot), AccessPatterns.Sizes);
        RatioObservation[] smoke =
        [
            new(1_000_000, new MeanWithInterval(900, double.NaN, double.NaN), new MeanWithInterval(4_300, double.NaN, double.NaN)),
            new(8_000_000, new MeanWithInterval(3_300, double.NaN, double.NaN), new MeanWithInterval(50_000, double.NaN, double.NaN)),
            new(64_000_000, new MeanWithInterval(23_000, double.NaN, double.NaN), new MeanWithInterval(450_000, double.NaN, double.NaN)),
        ];

        var check = CachePredictor.Check(prediction, smoke);

        check.Verdict.Should().Be(PredictionVerdict.Agrees);
        check.Message.Should().Contain("no confidence intervals").And.Contain("Another jump");
    }

    [Fact]
    public void A_missing_size_at_the_cliff_gives_no_verdict()
    {
        using var sysfs = SysfsFixture.ThisVm();
        var prediction = CachePredictor.Predict(CacheTopology.Read(sysfs.CpuRoot), AccessPatterns.Sizes);

        var check = CachePredictor.Check(prediction, PostPublished().Where(o => o.N != 1_000_000).ToList());

        check.Verdict.Should().Be(PredictionVerdict.Inconclusive);
        check.Message.Should().Contain("not both measured");
    }

    [Fact]
    public void When_no_cliff_is_predicted_a_flat_ratio_agrees_and_a_jump_disagrees()
    {
        using var sysfs = new SysfsFixture().CpuWithCaches(0, "32K", "256K", "4096K", "0-3");
        var prediction = CachePredictor.Predict(CacheTopology.Read(sysfs.CpuRoot), AccessPatterns.Sizes);
        RatioObservation[] flat =
        [
            Observation(1_000_000, 100, 1, 2000, 10), Observation(8_000_000, 800, 5, 16_500, 50), Observation(64_000_000, 6400, 20, 130_000, 500),
        ];

        CachePredictor.Check(prediction, flat).Verdict.Should().Be(PredictionVerdict.Agrees);
        CachePredictor.Check(prediction, PostPublished()).Verdict.Should().Be(PredictionVerdict.Disagrees);
    }

    [Fact]
    public void The_measured_table_lists_ratio_and_interval_per_size()
    {
        using var sysfs = SysfsFixture.IvyBridgeEp();
        var prediction = CachePredictor.Predict(CacheTopology.Read(sysfs.CpuRoot), AccessPatterns.Sizes);
        var observations = PostPublished();

        string text = CachePredictor.DescribeCheck(prediction, observations, CachePredictor.Check(prediction, observations));

        text.Should().MatchRegex(Row("1,000,000", "L3", "12.88×", "[12.81×; 12.94×]"));
        text.Should().MatchRegex(Row("8,000,000", "DRAM", "19.53×"));
        text.Should().Contain("Agrees");
    }

    [Fact]
    public void Ratio_bounds_pair_the_slowest_baseline_with_the_fastest_variant()
    {
        var o = Observation(1, 100, 10, 1000, 100);

        o.Ratio.Should().Be(10);
        o.RatioLower.Should().BeApproximately(900.0 / 110, 1e-12);
        o.RatioUpper.Should().BeApproximately(1100.0 / 90, 1e-12);
        new RatioObservation(1, new MeanWithInterval(1, double.NaN, double.NaN), new MeanWithInterval(2, 1, 3)).HasInterval.Should().BeFalse();
    }

    // The post's first run: means and BenchmarkDotNet's Error (half of the 99.9% interval), in microseconds.
    private static List<RatioObservation> PostPublished() =>
    [
        Observation(1_000_000, 561.0, 1.85, 7_223.9, 12.74),
        Observation(8_000_000, 6_434.3, 51.43, 125_635.5, 2_319.67),
        Observation(64_000_000, 82_974.9, 933.52, 1_613_935.5, 3_277.61),
    ];

    private static RatioObservation Observation(int n, double sequential, double sequentialError, double random, double randomError) =>
        new(n, new MeanWithInterval(sequential, sequential - sequentialError, sequential + sequentialError),
            new MeanWithInterval(random, random - randomError, random + randomError));

    // A markdown row with these cells, whatever the padding.
    private static string Row(params string[] cells) =>
        @"\|\s*" + string.Join(@"\s*\|\s*", cells.Select(System.Text.RegularExpressions.Regex.Escape)) + @"\s*\|";
}
