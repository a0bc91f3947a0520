using LabReport.Charts;

namespace LabReport.Tests;

/// <summary>The lab's log axes: round ticks whatever the span, each labelled in the lab's number format.</summary>
public class LogAxisTests
{
    [Theory]
    [InlineData(1e6, "1M")]
    [InlineData(999_999.9999999, "1M")]
    [InlineData(2e5, "200K")]
    [InlineData(5, "5")]
    [InlineData(0.01, "0.01")]
    [InlineData(3e6, "3M")]
    [InlineData(1_048_576, "1.05M")]
    [InlineData(0.3, "0.3")]
    [InlineData(1.5e-5, "0.000015")]
    [InlineData(0, "")]
    [InlineData(double.PositiveInfinity, "")]
    public void Labels(double value, string label) => ChartStyle.AxisLabel(value).Should().Be(label);

    [Fact]
    public void Where_labels_fit_every_whole_mantissa_is_labelled()
    {
        // Post 5's ratio axis in 2026-11-26-full: about 3.5× to 28×, vertical (labels need 0.043 decades). OxyPlot
        // labelled only 10 and 20 there.
        var ticks = ChartStyle.LogTicks(3.5, 28, 0.043)!.Value;
        ticks.Major.Should().Equal(4, 5, 6, 7, 8, 9, 10, 20);
        ticks.Minor.Should().BeEmpty();

        ChartStyle.LogTicks(0.45, 2.2, 0.04)!.Value.Major.Select(ChartStyle.AxisLabel).Should().Equal("0.5", "0.6", "0.7", "0.8", "0.9", "1", "2");
    }

    [Fact]
    public void Where_they_would_crowd_fewer_mantissas_are_labelled_and_the_others_are_minor_ticks()
    {
        // An x axis a decade long (the engine's inserts/s): "800K" and "900K" would overlap, 1-2-3-5-7 do not.
        ChartStyle.LogTicks(250e3, 2.5e6, 0.075)!.Value.Major.Select(ChartStyle.AxisLabel)
            .Should().Equal("300K", "500K", "700K", "1M", "2M");

        var ticks = ChartStyle.LogTicks(30, 5000, 0.2)!.Value;
        ticks.Major.Should().Equal(50, 100, 200, 500, 1000, 2000, 5000);
        ticks.Minor.Should().Equal(30, 40, 60, 70, 80, 90, 300, 400, 600, 700, 800, 900, 3000, 4000);
    }

    [Fact]
    public void On_a_long_span_powers_of_ten_and_every_second_or_third_when_decades_crowd()
    {
        var nine = ChartStyle.LogTicks(1, 1e9, 0.43)!.Value;
        nine.Major.Select(ChartStyle.AxisLabel).Should().Equal("1", "10", "100", "1K", "10K", "100K", "1M", "10M", "100M", "1G");
        nine.Minor.Should().BeEmpty("past six decades, minor ticks at 2–9 would be a smear");

        var wide = ChartStyle.LogTicks(1e-3, 1e20, 2.5)!.Value;
        wide.Major.Should().HaveCount(8).And.OnlyContain(v => ChartStyle.IsPowerOfTen(v));
        wide.Major.Select(v => (int)Math.Round(Math.Log10(v))).Should().OnlyContain(k => k % 3 == 0);
        wide.Minor.Should().HaveCount(16, "the decades left unlabelled keep a tick");
    }

    [Theory]
    [InlineData(10, 11, 0.01)]
    [InlineData(0, 10, 0.1)]
    [InlineData(5, 5, 0.1)]
    [InlineData(10, 1, 0.1)]
    [InlineData(1, 10, 0)]
    public void A_span_without_two_round_values_is_left_to_OxyPlot(double minimum, double maximum, double gap) =>
        ChartStyle.LogTicks(minimum, maximum, gap).Should().BeNull();
}
