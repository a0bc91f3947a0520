namespace LabStatistics.Tests;

public sealed class BinomialProportionTests
{
    [Theory]
    // Reference values: the exact Clopper–Pearson 95% interval (R's binom.test(k, n)$conf.int; the binomial tails summed directly).
    [InlineData(0, 10, 0.0, 0.3084971)]
    [InlineData(5, 10, 0.1870860, 0.8129140)]
    [InlineData(4, 2250, 0.00048459, 0.00454551)]
    [InlineData(10, 10, 0.6915029, 1.0)]
    public void The_exact_interval_matches_the_reference(long events, long trials, double lower, double upper)
    {
        var (low, high) = BinomialProportion.ClopperPearson(events, trials, 0.95);

        low.Should().BeApproximately(lower, 1e-6);
        high.Should().BeApproximately(upper, 1e-6);
    }

    [Fact]
    public void With_no_event_the_upper_end_is_the_rule_of_three_or_so()
    {
        // 0 of n: the upper end solves (1 - p)^n = 0.025, about 3.69 / n.
        var (low, high) = BinomialProportion.ClopperPearson(0, 4500, 0.95);

        low.Should().Be(0);
        high.Should().BeApproximately(1 - Math.Pow(0.025, 1.0 / 4500), 1e-9);
    }

    [Theory]
    [InlineData(-1, 10, 0.95)]
    [InlineData(11, 10, 0.95)]
    [InlineData(1, 0, 0.95)]
    [InlineData(1, 10, 1.0)]
    public void Wrong_arguments_are_refused(long events, long trials, double level)
    {
        var act = () => BinomialProportion.ClopperPearson(events, trials, level);

        act.Should().Throw<ArgumentOutOfRangeException>();
    }
}
