using System.Globalization;

namespace MeasurementLab;

/// <summary>
/// A side channel from the benchmark process to the summary: the benchmark prints a tagged line
/// (<see cref="Report(string,string)"/>), BenchmarkDotNet keeps the child's standard output in the report, and a
/// <see cref="LabMetricColumn"/> in the host reads it back. BenchmarkDotNet 0.15 has no in-process diagnoser
/// channel, and the benchmark is the only one who knows things such as how many threads really worked.
/// </summary>
public static class LabMetric
{
    /// <summary>Tag that starts every metric line.</summary>
    public const string Tag = "#lab-metric ";

    /// <summary>Prints <c>#lab-metric name=value</c> to standard output.</summary>
    public static void Report(string name, string value)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        if (name.Contains('=', StringComparison.Ordinal) || value.Contains('\n', StringComparison.Ordinal))
        {
            throw new ArgumentException("A metric name cannot contain '=' and a value cannot span lines.", nameof(name));
        }

        Console.Out.WriteLine(Tag + name + "=" + value);
        Console.Out.Flush();
    }

    /// <summary>Reports a number (invariant culture).</summary>
    public static void Report(string name, double value) =>
        Report(name, value.ToString("R", CultureInfo.InvariantCulture));

    /// <summary>All values reported under <paramref name="name"/> in these output lines, in order.</summary>
    public static IReadOnlyList<string> Parse(IEnumerable<string> lines, string name)
    {
        string prefix = Tag + name + "=";
        return lines.Where(l => l.StartsWith(prefix, StringComparison.Ordinal)).Select(l => l[prefix.Length..].TrimEnd()).ToList();
    }
}
