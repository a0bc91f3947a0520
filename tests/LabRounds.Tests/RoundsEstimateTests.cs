using LabRounds;

namespace LabRounds.Tests;

public class RoundsEstimateTests
{
    [Fact]
    public void The_interval_is_the_confidence_sequences_t_on_the_logs_of_the_round_ratios()
    {
        double[] ratios = [2.0, 2.2, 1.9, 2.1, 2.05];
        var estimate = RoundsEstimate.FromRatios(ratios);

        // Reference, by hand: mean and sample SD of ln r, the sequence's t quantile at 5 rounds (wider than t(0.975, 4) = 2.776445).
        double[] logs = [.. ratios.Select(r => Math.Log(r))];
        double mean = logs.Average();
        double sd = Math.Sqrt(logs.Sum(l => (l - mean) * (l - mean)) / (logs.Length - 1));
        double critical = LabStatistics.StudentT.Quantile(1 - ConfidenceSequence.NominalMiss / 2, 4);
        critical.Should().BeGreaterThan(2.7764451051977987);
        double half = critical * sd / Math.Sqrt(logs.Length);

        estimate.Median.Should().Be(2.05);
        estimate.Lower.Should().BeApproximately(Math.Exp(mean - half), 1e-9);
        estimate.Upper.Should().BeApproximately(Math.Exp(mean + half), 1e-9);
        estimate.LogSpread.Should().BeApproximately(sd, 1e-12);
        estimate.LogMean.Should().BeApproximately(mean, 1e-12);
        estimate.Level.Should().Be(0.95);
        estimate.Count.Should().Be(5);
    }

    [Fact]
    public void Rounds_past_the_last_look_wait_for_the_next()
    {
        var seven = RoundsEstimate.FromRatios([2.0, 2.2, 1.9, 2.1, 2.05, 9.0, 9.5]);
        var five = RoundsEstimate.FromRatios([2.0, 2.2, 1.9, 2.1, 2.05]);

        seven.Count.Should().Be(5, "5 rounds is a look, 8 the next");
        seven.Measured.Should().Be(7);
        (seven.Median, seven.Lower, seven.Upper).Should().Be((five.Median, five.Lower, five.Upper));
        seven.Inverse().Measured.Should().Be(7);
        RoundsEstimate.FromRatios([2.0, 2.1]).HasInterval.Should().BeFalse("two rounds are before the first look");
    }

    [Fact]
    public void One_lopsided_round_widens_the_interval_but_leaves_the_median_alone()
    {
        var steady = RoundsEstimate.FromRatios([2.0, 2.02, 1.98, 2.01, 1.99]);
        var oneOff = RoundsEstimate.FromRatios([2.0, 2.02, 1.98, 2.01, 4.5]);

        oneOff.Median.Should().Be(2.01);
        Math.Log(oneOff.Upper / oneOff.Lower).Should().BeGreaterThan(10 * Math.Log(steady.Upper / steady.Lower));
        oneOff.Lower.Should().BeLessThanOrEqualTo(oneOff.Median);
        oneOff.Upper.Should().BeGreaterThanOrEqualTo(oneOff.Median);
    }

    [Fact]
    public void Fewer_than_two_rounds_or_a_ratio_at_or_below_zero_give_no_interval()
    {
        RoundsEstimate.FromRatios([3.0]).HasInterval.Should().BeFalse();
        RoundsEstimate.FromRatios([3.0]).Median.Should().Be(3.0);
        RoundsEstimate.FromRatios([3.0, -1.0, 2.0]).HasInterval.Should().BeFalse();
        RoundsEstimate.FromRatios(Array.Empty<double>()).Median.Should().Be(double.NaN);
    }

    [Fact]
    public void Sides_are_paired_by_round_and_only_common_rounds_count()
    {
        var numerator = new Dictionary<int, double> { [1] = 10, [2] = 30, [3] = 12, [4] = 50 };
        var denominator = new Dictionary<int, double> { [1] = 5, [2] = 15, [3] = 6 };

        var estimate = RoundsEstimate.Paired(numerator, denominator);

        estimate.Ratios.Should().Equal(new RoundRatio(1, 2), new RoundRatio(2, 2), new RoundRatio(3, 2));
        estimate.Median.Should().Be(2);
        estimate.Lower.Should().Be(2);
        estimate.Upper.Should().Be(2);
    }

    [Fact]
    public void A_ratio_of_ratios_multiplies_per_round()
    {
        // (t1 with / t2 with) / (t1 without / t2 without), round by round.
        var with1 = new Dictionary<int, double> { [1] = 400, [2] = 800 };
        var with2 = new Dictionary<int, double> { [1] = 200, [2] = 400 };
        var without1 = new Dictionary<int, double> { [1] = 100, [2] = 200 };
        var without2 = new Dictionary<int, double> { [1] = 80, [2] = 160 };

        var estimate = RoundsEstimate.Paired([with1, without2], [with2, without1]);

        estimate.Ratios.Select(r => r.Ratio).Should().AllSatisfy(r => r.Should().BeApproximately(1.6, 1e-12));
    }

    [Fact]
    public void The_inverse_inverts_every_round()
    {
        var estimate = RoundsEstimate.FromRatios([2.0, 4.0, 2.5]).Inverse();

        estimate.Ratios.Select(r => r.Ratio).Should().Equal(0.5, 0.25, 0.4);
        estimate.Median.Should().Be(0.4);
    }

    [Theory]
    [InlineData(new[] { 1.10, 1.11, 1.09, 1.10, 1.12 }, Shift.Slower)]
    [InlineData(new[] { 0.90, 0.91, 0.89, 0.90, 0.92 }, Shift.Faster)]
    [InlineData(new[] { 1.000, 1.001, 0.999, 1.000, 1.002 }, Shift.Within)] // tight around 1: no 2% change
    [InlineData(new[] { 1.03, 1.00, 1.06, 1.02, 1.05 }, Shift.Undecided)]   // a 3% change whose interval reaches below +2%
    [InlineData(new[] { 1.10 }, Shift.Undecided)]                            // one round: no interval, no call
    public void A_change_is_called_only_when_the_whole_interval_is_beyond_the_threshold(double[] ratios, Shift expected)
    {
        RoundsEstimate.FromRatios(ratios).Classify(0.02).Should().Be(expected);
    }

    [Fact]
    public void An_undecided_comparison_says_how_many_rounds_would_decide_it()
    {
        var undecided = RoundsEstimate.FromRatios([1.03, 1.00, 1.06, 1.02, 1.05]);
        int? rounds = undecided.RoundsToClassify(0.02);

        rounds.Should().NotBeNull().And.BeGreaterThan(5);
        RoundsEstimate.FromRatios([1.10, 1.11, 1.09, 1.10, 1.12]).RoundsToClassify(0.02).Should().BeNull("it is decided");
    }
}
