using System.Globalization;

namespace MeasurementLab;

/// <summary>A unit of time as the lab prints it.</summary>
public enum DurationUnit
{
    Nanoseconds,

    /// <summary>µs (the micro sign, U+00B5).</summary>
    Microseconds,

    Milliseconds,

    Seconds,
}

/// <summary>
/// The one way the lab writes a duration: the unit BenchmarkDotNet would pick (ns below 1 µs, µs below 1 ms, ms
/// below 1 s, then s), spelled ns, µs, ms, s, invariant culture. Statistics keep both values of a comparison in one
/// unit (<see cref="Precise"/>); percentiles of a latency table stay in milliseconds like the posts' (<see cref="Milliseconds"/>).
/// </summary>
public static class DurationFormat
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>The unit for a value in nanoseconds.</summary>
    public static DurationUnit UnitFor(double nanoseconds) => Math.Abs(nanoseconds) switch
    {
        < 1e3 => DurationUnit.Nanoseconds,
        < 1e6 => DurationUnit.Microseconds,
        < 1e9 => DurationUnit.Milliseconds,
        _ => DurationUnit.Seconds,
    };

    /// <summary>"ns", "µs", "ms" or "s".</summary>
    public static string Symbol(DurationUnit unit) => unit switch
    {
        DurationUnit.Nanoseconds => "ns",
        DurationUnit.Microseconds => "µs",
        DurationUnit.Milliseconds => "ms",
        _ => "s",
    };

    /// <summary>Nanoseconds in one <paramref name="unit"/>.</summary>
    public static double NanosecondsPer(DurationUnit unit) => unit switch
    {
        DurationUnit.Nanoseconds => 1,
        DurationUnit.Microseconds => 1e3,
        DurationUnit.Milliseconds => 1e6,
        _ => 1e9,
    };

    /// <summary>Compact, in the value's own unit: "250 ns", "12.5 µs", "1.07 ms", "2.5 s".</summary>
    public static string Format(double nanoseconds)
    {
        var unit = UnitFor(nanoseconds);
        string number = unit == DurationUnit.Nanoseconds ? "0" : "0.0#";
        return (nanoseconds / NanosecondsPer(unit)).ToString(number, Invariant) + " " + Symbol(unit);
    }

    /// <summary>Compact form of a <see cref="TimeSpan"/>.</summary>
    public static string Format(TimeSpan value) => Format(value.Ticks * 100.0);

    /// <summary>In a given unit with a fixed number of decimals and digit grouping: "1,234.57 ms".</summary>
    public static string Format(double nanoseconds, DurationUnit unit, int decimals)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(decimals);
        return (nanoseconds / NanosecondsPer(unit)).ToString("N" + decimals.ToString(Invariant), Invariant) + " " + Symbol(unit);
    }

    /// <summary>
    /// In a given unit with enough digits to tell apart values 0.5% apart: three decimals below 100 of the unit, two above
    /// ("12.345 µs", "512.70 µs").
    /// </summary>
    public static string Precise(double nanoseconds, DurationUnit unit) =>
        Format(nanoseconds, unit, Math.Abs(nanoseconds / NanosecondsPer(unit)) >= 100 ? 2 : 3);

    /// <summary>Milliseconds with two decimals, as the posts' latency tables print them ("200.15 ms").</summary>
    public static string Milliseconds(TimeSpan value) => Format(value.Ticks * 100.0, DurationUnit.Milliseconds, 2);

    /// <summary>A wall-clock span for progress messages, to the second: "42 s", "3 min 05 s", "1 h 02 min".</summary>
    public static string Rough(TimeSpan value)
    {
        long seconds = Math.Max(0, (long)Math.Round(value.TotalSeconds));
        return seconds switch
        {
            < 60 => string.Create(Invariant, $"{seconds} s"),
            < 3600 => string.Create(Invariant, $"{seconds / 60} min {seconds % 60:00} s"),
            _ => string.Create(Invariant, $"{seconds / 3600} h {seconds % 3600 / 60:00} min"),
        };
    }
}
