using MeasurementLab.Caches;

namespace MeasurementLab.Tests.Caches;

/// <summary>The sweep's sizes and how far it goes (its latencies are never asserted).</summary>
public class LatencySweepTests
{
    [Fact]
    public void Sizes_start_at_a_page_and_grow_by_a_fourth_root_of_two_up_to_the_maximum()
    {
        var sizes = LatencySweep.Sizes(1L << 30);

        sizes[0].Should().Be(4096);
        sizes[^1].Should().Be(1L << 30);
        sizes.Should().HaveCount((18 * 4) + 1);
        sizes.Should().OnlyContain(s => s % PointerChain.LineBytes == 0);
        for (int i = 1; i < sizes.Count; i++)
        {
            ((double)sizes[i] / sizes[i - 1]).Should().BeApproximately(Math.Pow(2, 0.25), 0.01);
        }
    }

    [Fact]
    public void The_sweep_goes_past_every_claimed_size_by_four_times_up_to_one_gib()
    {
        LatencySweep.MaxBytesFor([48 << 10, 1 << 20, 32 << 20]).Should().Be(128L << 20);
        LatencySweep.MaxBytesFor([48 << 10, 1 << 20, 532_676_608]).Should().Be(1L << 30, "508 MiB claimed: 4x would be 2 GiB, capped");
        LatencySweep.MaxBytesFor([]).Should().Be(LatencySweep.DefaultMaxBytes);
    }

    [Fact]
    public void A_tiny_real_sweep_reports_every_size_with_its_spread()
    {
        var result = LatencySweep.Run(SweepSettings.Quick(64 << 10) with { TimePerPoint = TimeSpan.FromMilliseconds(1) });

        result.Points.Select(p => p.Bytes).Should().Equal(LatencySweep.Sizes(64 << 10));
        result.Points.Should().OnlyContain(p => p.MinNanoseconds > 0 && p.MinNanoseconds <= p.Nanoseconds && p.Nanoseconds <= p.MaxNanoseconds);
        result.Repeats.Should().Be(1);
    }
}
