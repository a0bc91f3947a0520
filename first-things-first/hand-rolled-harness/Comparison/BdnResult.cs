using System.Globalization;
using System.Text.Json;
using BenchmarkDotNet.Mathematics;
using MeasurementLab;

namespace HandRolledHarness.Comparison;

/// <summary>
/// One BenchmarkDotNet result of this program, read back from a full JSON report: the function (the benchmark's
/// Description), the size parameter, mean, confidence interval and allocation per operation (ns, bytes).
/// </summary>
public sealed record BdnResult(string Function, int? Size, double MeanNs, double? CiLowerNs, double? CiUpperNs, string? CiLevel, double? AllocatedBytes)
{
    /// <summary>What BenchmarkDotNet's JsonExporter.Full appends to the report's name.</summary>
    public const string FileSuffix = "-report-full.json";

    /// <summary>Every result of every full JSON report in <paramref name="directory"/> that names one of the note's functions.</summary>
    public static IReadOnlyList<BdnResult> ReadDirectory(string directory) =>
        Directory.GetFiles(directory, "*" + FileSuffix).Order(StringComparer.Ordinal).SelectMany(ReadFile).ToList();

    public static IReadOnlyList<BdnResult> ReadFile(string path)
    {
        JsonDocument document;
        try
        {
            document = JsonDocument.Parse(File.ReadAllText(path));
        }
        catch (JsonException e)
        {
            throw new UsageException($"{path}: not valid JSON ({e.Message}).");
        }

        using (document)
        {
            if (document.RootElement.ValueKind != JsonValueKind.Object
                || !document.RootElement.TryGetProperty("Benchmarks", out var benchmarks)
                || benchmarks.ValueKind != JsonValueKind.Array)
            {
                throw new UsageException($"{path}: not a BenchmarkDotNet full JSON report (no \"Benchmarks\" array).");
            }

            return benchmarks.EnumerateArray().Select(Read).OfType<BdnResult>().ToList();
        }
    }

    private static BdnResult? Read(JsonElement benchmark)
    {
        string? function = Text(benchmark, "MethodTitle");
        double? mean = Number(benchmark, "Statistics", "Mean");
        if (function is null || FunctionCatalog.Find(function) is null || mean is null)
        {
            return null;
        }

        int? level = (int?)Number(benchmark, "Statistics", "ConfidenceInterval", "Level");
        return new BdnResult(
            function,
            SizeOf(Text(benchmark, "Parameters")),
            mean.Value,
            Number(benchmark, "Statistics", "ConfidenceInterval", "Lower"),
            Number(benchmark, "Statistics", "ConfidenceInterval", "Upper"),
            level is int l && Enum.IsDefined((LegacyConfidenceLevel)l) ? LevelText((LegacyConfidenceLevel)l) : null,
            Number(benchmark, "Memory", "BytesAllocatedPerOperation"));
    }

    // "Size=100" (the only parameter these benchmarks have).
    private static int? SizeOf(string? parameters) =>
        parameters?.Split(',').Select(p => p.Split('=', 2)).Where(kv => kv.Length == 2 && kv[0].Trim() == "Size")
            .Select(kv => int.TryParse(kv[1], NumberStyles.None, CultureInfo.InvariantCulture, out int size) ? size : (int?)null)
            .FirstOrDefault();

    // L999 -> "99.9%", L95 -> "95%".
    private static string LevelText(LegacyConfidenceLevel level)
    {
        string digits = level.ToString()[1..];
        return (digits.Length > 2 ? digits[..2] + "." + digits[2..] : digits) + "%";
    }

    private static string? Text(JsonElement element, string name) =>
        element.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString() : null;

    // A missing value, or NaN written as a string (a one-iteration smoke run has no interval), is null.
    private static double? Number(JsonElement element, params string[] path)
    {
        foreach (string name in path)
        {
            if (element.ValueKind != JsonValueKind.Object || !element.TryGetProperty(name, out element))
            {
                return null;
            }
        }

        return element.ValueKind == JsonValueKind.Number && double.IsFinite(element.GetDouble()) ? element.GetDouble() : null;
    }
}
