using LabRounds;
using Xunit.Abstractions;

namespace LabRounds.Tests;

/// <summary>
/// The confidence sequence holds its level when a run looks after every round and stops once it decides: simulated
/// claims (deterministic for their seed) are the check, at the calibration's own scale.
/// </summary>
public class ConfidenceSequenceTests(ITestOutputHelper output)
{
    private const int Sequences = 10_000;

    [Fact]
    public void Every_look_together_misses_the_true_value_at_most_five_percent_of_the_time()
    {
        double miss = SequentialSimulation.MissRate(Sequences, seed: 47, ConfidenceSequence.Critical);
        output.WriteLine($"miss rate over the looks at {string.Join(", ", ConfidenceSequence.Looks)} rounds: {miss:P2} of {Sequences:N0} sequences");

        // 3 standard errors of a 5% rate over 10,000 sequences is 0.65 points: above that, the calibration is wrong.
        miss.Should().BeLessThan(0.05 + 0.0065);
        // Not bought with needless width: a sequence far below its level would decide less than it could.
        miss.Should().BeGreaterThan(0.03);
    }

    [Fact]
    public void A_fixed_95_percent_interval_looked_at_again_and_again_misses_far_more_often()
    {
        double atLooks = SequentialSimulation.MissRate(Sequences, seed: 47, n => LabStatistics.StudentT.Quantile(0.975, n - 1));
        double everyRound = SequentialSimulation.MissRate(Sequences, seed: 47, n => LabStatistics.StudentT.Quantile(0.975, n - 1), [.. Enumerable.Range(2, RoundLimits.Max - 1)]);
        output.WriteLine($"a fixed-n t interval at the sequence's looks: {atLooks:P2}; after every round: {everyRound:P2}");
        atLooks.Should().BeGreaterThan(0.10, "seven looks at a 95% interval are seven chances to miss");
        everyRound.Should().BeGreaterThan(0.25);
    }

    [Fact]
    public void The_looks_grow_from_the_first_rounds_to_the_last_and_a_claim_is_judged_at_its_last()
    {
        ConfidenceSequence.Looks[0].Should().Be(RoundLimits.First);
        ConfidenceSequence.Looks[^1].Should().Be(RoundLimits.Max);
        ConfidenceSequence.Looks.Should().BeInAscendingOrder().And.OnlyHaveUniqueItems();
        ConfidenceSequence.LookAt(2).Should().BeNull();
        ConfidenceSequence.LookAt(7).Should().Be(5);
        ConfidenceSequence.NextLook(7).Should().Be(8);
        ConfidenceSequence.NextLook(RoundLimits.Max).Should().BeNull();
        ConfidenceSequence.NominalMiss.Should().BeLessThan((1 - ConfidenceSequence.Level) / 2, "each look spends a share of the 5%");
    }

    [Fact]
    public void Rounds_to_decide_grow_as_the_distance_shrinks_and_stop_at_the_last_look()
    {
        int? far = ConfidenceSequence.RoundsToDecide(3, spread: 0.05, distance: 0.10);
        int? near = ConfidenceSequence.RoundsToDecide(3, spread: 0.05, distance: 0.03);
        far.Should().NotBeNull();
        near.Should().NotBeNull().And.BeGreaterThan(far!.Value);
        ConfidenceSequence.RoundsToDecide(3, spread: 0.05, distance: 0.001).Should().BeNull("no count up to the last look resolves 0.1%");
        ConfidenceSequence.Looks.Should().Contain(far.Value, "a claim is decided at a look");
        ConfidenceSequence.RoundsToDecide(3, spread: double.NaN, distance: 0.1).Should().BeNull();
        ConfidenceSequence.Resolution(0.05).Should().BeGreaterThan(1).And.BeLessThan(1.05);
    }

    [Theory]
    [InlineData(0.02)]
    [InlineData(0.05)]
    [InlineData(0.10)]
    [InlineData(0.24)]
    public void A_claim_exactly_on_its_threshold_is_decided_either_way_at_most_five_percent_of_the_time(double spread)
    {
        var outcome = SequentialSimulation.Decisions(Sequences, seed: 11, distance: 0, spread);
        output.WriteLine($"spread {spread:P0}: decided above {outcome.Above:P2}, below {outcome.Below:P2}, mean rounds {outcome.MeanRounds:0.0}");
        (outcome.Above + outcome.Below).Should().BeLessThan(0.05 + 0.0065);
    }

    [Theory]
    [InlineData(0.02)]
    [InlineData(0.05)]
    [InlineData(0.10)]
    public void A_claim_ten_percent_from_its_threshold_is_decided_the_right_way_nine_times_in_ten(double spread)
    {
        var outcome = SequentialSimulation.Decisions(Sequences, seed: 12, distance: Math.Log(1.10), spread);
        output.WriteLine($"spread {spread:P0}: decided above {outcome.Above:P2}, below {outcome.Below:P2}, undecided {outcome.Undecided:P2}, mean rounds {outcome.MeanRounds:0.0}");
        outcome.Above.Should().BeGreaterThanOrEqualTo(0.90);
        outcome.Below.Should().BeLessThan(0.001);
    }
}
