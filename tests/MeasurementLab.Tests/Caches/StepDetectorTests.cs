using MeasurementLab.Caches;

namespace MeasurementLab.Tests.Caches;

/// <summary>Step detection on synthetic latency curves (no measured latency is asserted anywhere).</summary>
public class StepDetectorTests
{
    private const long KiB = 1024, MiB = 1024 * KiB;

    [Fact]
    public void Three_plateaus_and_dram_with_noise_give_three_levels_near_their_sizes()
    {
        var curve = Curve(bytes => bytes <= 48 * KiB ? 1.6 : bytes <= MiB ? 4.5 : bytes <= 32 * MiB ? 15 : 110, noise: 0.08, seed: 1);

        var found = StepDetector.Detect(curve);

        found.Detected.Should().BeTrue();
        found.Sizes.L1d.Should().BeInRange(40 * KiB, 48 * KiB);
        found.Sizes.L2.Should().BeInRange(840 * KiB, MiB);
        found.Sizes.L3.Should().BeInRange(27 * MiB, 32 * MiB);
        found.LatencyOf("L1d").Should().BeApproximately(1.6, 0.2);
        found.LatencyOf("L2").Should().BeApproximately(4.5, 0.5);
        found.LatencyOf("L3").Should().BeApproximately(15, 1.5);
        found.DramNs.Should().BeApproximately(110, 11);
    }

    [Fact]
    public void A_missing_l3_leaves_l3_not_detected()
    {
        var curve = Curve(bytes => bytes <= 32 * KiB ? 1.2 : bytes <= 2 * MiB ? 5 : 90, noise: 0.05, seed: 2);

        var found = StepDetector.Detect(curve);

        found.Sizes.L1d.Should().BeInRange(27 * KiB, 32 * KiB);
        found.Sizes.L2.Should().BeInRange(1700 * KiB, 2 * MiB);
        found.Sizes.L3.Should().BeNull();
        found.LatencyOf("L3").Should().BeNull();
        found.DramNs.Should().BeApproximately(90, 9);
    }

    [Theory]
    [InlineData(0.25)]
    [InlineData(0.5)]
    [InlineData(1.0)]
    public void A_smooth_curve_is_not_detected_rather_than_guessed(double exponent)
    {
        var curve = Curve(bytes => Math.Pow(bytes / 4096.0, exponent), noise: 0.03, seed: 3);

        var found = StepDetector.Detect(curve);

        found.Detected.Should().BeFalse();
        found.Sizes.Should().Be(new CacheSizes(null, null, null));
        found.DramNs.Should().BeNull();
    }

    [Fact]
    public void A_flat_curve_has_no_step()
    {
        var found = StepDetector.Detect(Curve(_ => 3.0, noise: 0.05, seed: 4));

        found.Detected.Should().BeFalse();
        found.Plateaus.Should().ContainSingle();
    }

    [Fact]
    public void Isolated_spikes_from_a_busy_machine_do_not_make_steps()
    {
        var curve = Curve(bytes => bytes <= 48 * KiB ? 1.6 : bytes <= MiB ? 4.5 : bytes <= 32 * MiB ? 15 : 110, noise: 0.05, seed: 5).ToList();
        foreach (int i in new[] { 5, 20, 40 })
        {
            curve[i] = curve[i] with { Nanoseconds = curve[i].Nanoseconds * 8 };
        }

        var found = StepDetector.Detect(curve);

        found.Sizes.L1d.Should().BeInRange(40 * KiB, 48 * KiB);
        found.Sizes.L2.Should().BeInRange(840 * KiB, MiB);
        found.Sizes.L3.Should().BeInRange(27 * MiB, 32 * MiB);
    }

    [Fact]
    public void A_slow_rise_inside_a_level_is_not_the_step()
    {
        // L2 with L1 TLB misses: latency creeps up from 384 KiB, then the real step to L3 after 1 MiB.
        var curve = Curve(bytes => bytes <= 48 * KiB ? 1.6 : bytes <= 384 * KiB ? 4.5 : bytes <= MiB ? 4.5 * Math.Pow(bytes / (384.0 * KiB), 0.3) : bytes <= 16 * MiB ? 16 : 120, noise: 0.02, seed: 6);

        StepDetector.Detect(curve).Sizes.L2.Should().BeInRange(700 * KiB, MiB);
    }

    private static List<SweepPoint> Curve(Func<long, double> latency, double noise, int seed)
    {
        var random = new Random(seed);
        return LatencySweep.Sizes(1L << 30).Select(bytes =>
        {
            double ns = latency(bytes) * (1 + noise * ((2 * random.NextDouble()) - 1));
            return new SweepPoint(bytes, ns, ns, ns);
        }).ToList();
    }
}

/// <summary>
/// Quick sweeps recorded on the lab's busy EPYC guest (no sysfs caches): the real, noisy cases. In the first the L3
/// is short and spiky; in the second the shared L3 fills gradually, with no half-doubling that climbs 1.5x.
/// </summary>
public class RecordedSweepTests
{
    [Theory]
    [InlineData("epyc-guest-sweep-quick.csv")]
    [InlineData("epyc-guest-sweep-gradual.csv")]
    public void A_recorded_guest_curve_gives_l1d_and_l2_within_two_times_of_cpuid_and_an_l3_step(string file)
    {
        var curve = CachesCommand.ReadCurve(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Fixtures", file)));

        var found = StepDetector.Detect(curve);

        found.Sizes.L1d.Should().BeInRange(48 * 1024 / 2, 48 * 1024 * 2, "CPUID's L1d is 48 KiB");
        found.Sizes.L2.Should().BeInRange(1L << 19, 1L << 21, "CPUID's L2 is 1 MiB");
        found.Sizes.L3.Should().NotBeNull().And.BeGreaterThan(found.Sizes.L2!.Value);
        found.DramNs.Should().BeGreaterThan(found.LatencyOf("L3")!.Value * StepDetector.StepRatio);
    }

    [Fact]
    public void A_curve_without_its_header_is_refused() =>
        FluentActions.Invoking(() => CachesCommand.ReadCurve("4096,1.6,1.6,1.7\n")).Should().Throw<FormatException>().WithMessage("*header*");
}
