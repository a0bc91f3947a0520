using LabRounds;

namespace LabRounds.Tests;

public class RoundScheduleTests
{
    private static readonly string[] Sides = ["A", "B", "C"];

    [Fact]
    public void Every_round_runs_every_side_once()
    {
        var schedule = new RoundSchedule(20, 12345);

        for (int round = 1; round <= schedule.Rounds; round++)
        {
            schedule.Order(round, Sides).Should().BeEquivalentTo(Sides);
        }
    }

    [Fact]
    public void The_same_seed_replays_the_same_orders()
    {
        var first = new RoundSchedule(10, 42).Sequence(Sides).ToList();
        var again = new RoundSchedule(10, 42).Sequence(Sides).ToList();

        again.Should().Equal(first);
    }

    [Fact]
    public void A_recorded_seed_replays_the_orders_pinned_here()
    {
        // Pinned: a run folder records its seed, and this order must come back on any machine and .NET version.
        var orders = Enumerable.Range(1, 4).Select(r => string.Concat(new RoundSchedule(4, 20261125).Order(r, Sides))).ToList();

        orders.Should().Equal(PinnedOrders);
    }

    [Fact]
    public void Orders_change_from_round_to_round_and_from_seed_to_seed()
    {
        var rounds = Enumerable.Range(1, 12).Select(r => string.Concat(new RoundSchedule(12, 7).Order(r, Sides))).ToList();
        var seeds = Enumerable.Range(1, 12).Select(s => string.Concat(new RoundSchedule(1, (ulong)s).Order(1, Sides))).ToList();

        rounds.Distinct().Should().HaveCountGreaterThan(2);
        seeds.Distinct().Should().HaveCountGreaterThan(2);
    }

    [Fact]
    public void Each_side_comes_first_about_equally_often()
    {
        // 3,000 rounds over fixed seeds: a fair shuffle puts each of 3 sides first ~1,000 times (σ ≈ 26).
        var firsts = Enumerable.Range(1, 3000).Select(s => new RoundSchedule(1, (ulong)s * 7919).Order(1, Sides)[0])
            .GroupBy(s => s).ToDictionary(g => g.Key, g => g.Count());

        firsts.Values.Should().AllSatisfy(count => count.Should().BeInRange(880, 1120));
    }

    [Theory]
    [InlineData("0", true, 0UL)]
    [InlineData("9223372036854775807", true, 9223372036854775807UL)]
    [InlineData("9223372036854775808", false, 0UL)]
    [InlineData("-1", false, 0UL)]
    [InlineData("12a", false, 0UL)]
    [InlineData("", false, 0UL)]
    public void A_seed_is_a_decimal_number_that_fits_a_signed_64_bit_integer(string text, bool valid, ulong expected)
    {
        RoundSchedule.TryParseSeed(text, out ulong seed).Should().Be(valid);
        if (valid)
        {
            seed.Should().Be(expected);
        }
    }

    [Fact]
    public void A_round_outside_the_schedule_is_refused()
    {
        var schedule = new RoundSchedule(3, 1);

        FluentActions.Invoking(() => schedule.Order(0, Sides)).Should().Throw<ArgumentOutOfRangeException>();
        FluentActions.Invoking(() => schedule.Order(4, Sides)).Should().Throw<ArgumentOutOfRangeException>();
        FluentActions.Invoking(() => new RoundSchedule(0, 1)).Should().Throw<ArgumentOutOfRangeException>();
    }

    private static readonly string[] PinnedOrders = ["BAC", "CBA", "ACB", "ABC"];
}
