using System.Globalization;

namespace MeasurementLab.Tests;

public class DurationFormatTests
{
    [Theory]
    [InlineData(250, "250 ns")]
    [InlineData(999.4, "999 ns")]
    [InlineData(12_500, "12.5 µs")]
    [InlineData(1_070_000, "1.07 ms")]
    [InlineData(1_500_000, "1.5 ms")]
    [InlineData(2_500_000_000, "2.5 s")]
    public void Compact_durations_pick_the_unit_BenchmarkDotNet_would(double nanoseconds, string expected) =>
        DurationFormat.Format(nanoseconds).Should().Be(expected);

    [Theory]
    [InlineData(12_345, DurationUnit.Microseconds, "12.345 µs")]
    [InlineData(512_700, DurationUnit.Microseconds, "512.70 µs")]
    [InlineData(1_234_567, DurationUnit.Microseconds, "1,234.57 µs")]
    [InlineData(999, DurationUnit.Microseconds, "0.999 µs")]
    public void Precise_durations_keep_the_given_unit_and_enough_digits(double nanoseconds, DurationUnit unit, string expected) =>
        DurationFormat.Precise(nanoseconds, unit).Should().Be(expected);

    [Fact]
    public void Every_unit_is_spelled_one_way()
    {
        Enum.GetValues<DurationUnit>().Select(DurationFormat.Symbol).Should().Equal("ns", "µs", "ms", "s");
        DurationFormat.Symbol(DurationUnit.Microseconds).Should().Be("\u00B5s", "the micro sign, everywhere in the lab's output");
    }

    [Fact]
    public void Milliseconds_have_two_decimals_in_any_culture()
    {
        var previous = CultureInfo.CurrentCulture;
        try
        {
            CultureInfo.CurrentCulture = CultureInfo.GetCultureInfo("de-DE");
            DurationFormat.Milliseconds(TimeSpan.FromMicroseconds(200_150)).Should().Be("200.15 ms");
            DurationFormat.Milliseconds(TimeSpan.FromMicroseconds(1_070)).Should().Be("1.07 ms");
            DurationFormat.Milliseconds(TimeSpan.FromMilliseconds(1234.5)).Should().Be("1,234.50 ms");
            DurationFormat.Format(1_500_000).Should().Be("1.5 ms");
        }
        finally
        {
            CultureInfo.CurrentCulture = previous;
        }
    }
}
