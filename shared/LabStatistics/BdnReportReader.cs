using System.Text.Json;

namespace LabStatistics;

/// <summary>
/// Reads BenchmarkDotNet's JSON reports (full, full-compressed, the lab's annotated full, and brief) into
/// <see cref="BdnReport"/>. The raw values are the per-operation times of the Workload/Result iterations (BDN's
/// actual iterations minus the overhead, after its outlier removal: exactly what its Mean and Error are computed from);
/// a brief report has no measurements and falls back to Statistics.OriginalValues, which hold the same numbers.
/// </summary>
public static class BdnReportReader
{
    /// <summary>Reads and validates one report; throws <see cref="ReportFormatException"/> when it is not usable.</summary>
    public static BdnReport Load(string path)
    {
        ArgumentNullException.ThrowIfNull(path);
        string text;
        try
        {
            text = ReadText(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or InvalidDataException)
        {
            throw new ReportFormatException(path, $"cannot be read ({e.Message}).");
        }

        return Parse(path, text);
    }

    // An archived run keeps its reports gzipped in place (x.json.gz, LabReport archive): read as they are.
    private static string ReadText(string path)
    {
        if (!path.EndsWith(".gz", StringComparison.Ordinal))
        {
            return File.ReadAllText(path);
        }

        using var file = File.OpenRead(path);
        using var gzip = new System.IO.Compression.GZipStream(file, System.IO.Compression.CompressionMode.Decompress);
        using var reader = new StreamReader(gzip);
        return reader.ReadToEnd();
    }

    /// <summary>Parses report text; <paramref name="path"/> only names the source in errors.</summary>
    public static BdnReport Parse(string path, string text)
    {
        ArgumentNullException.ThrowIfNull(path);
        ArgumentNullException.ThrowIfNull(text);
        using var document = ParseJson(path, text);
        var root = document.RootElement;
        if (root.ValueKind != JsonValueKind.Object)
        {
            throw new ReportFormatException(path, $"is JSON but not a BenchmarkDotNet report: the top level is {Describe(root.ValueKind)}, not an object.");
        }

        if (!root.TryGetProperty("Benchmarks", out var benchmarks))
        {
            throw new ReportFormatException(path, "is JSON but not a BenchmarkDotNet report: it has no \"Benchmarks\" array " +
                "(use the *-report-full.json, *-report-full-annotated.json or *-report-full-compressed.json from BenchmarkDotNet.Artifacts/results).");
        }

        if (benchmarks.ValueKind != JsonValueKind.Array)
        {
            throw new ReportFormatException(path, $"\"Benchmarks\" is {Describe(benchmarks.ValueKind)}, not an array.");
        }

        var entries = new List<BenchmarkEntry>();
        int index = 0;
        foreach (var benchmark in benchmarks.EnumerateArray())
        {
            index++;
            entries.Add(ReadBenchmark(path, index, benchmark));
        }

        if (entries.Count == 0)
        {
            throw new ReportFormatException(path, "the report holds no benchmarks (\"Benchmarks\" is empty).");
        }

        string title = root.TryGetProperty("Title", out var t) && t.ValueKind == JsonValueKind.String ? t.GetString() ?? "" : "";
        return new BdnReport(path, title, entries);
    }

    private static JsonDocument ParseJson(string path, string text)
    {
        var options = new JsonDocumentOptions { AllowTrailingCommas = false, CommentHandling = JsonCommentHandling.Skip };
        try
        {
            return JsonDocument.Parse(text, options);
        }
        catch (JsonException e)
        {
            string where = e.LineNumber is long line ? $" at line {line + 1}" : "";
            string detail = e.Message.Split([" Path:", " LineNumber:"], StringSplitOptions.None)[0];
            throw new ReportFormatException(path, $"is not valid JSON{where}: {detail}");
        }
    }

    private static BenchmarkEntry ReadBenchmark(string path, int index, JsonElement benchmark)
    {
        if (benchmark.ValueKind != JsonValueKind.Object)
        {
            throw new ReportFormatException(path, $"benchmark #{index} is {Describe(benchmark.ValueKind)}, not an object.");
        }

        string type = RequiredString(path, index, benchmark, "Type");
        string method = RequiredString(path, index, benchmark, "Method");
        string parameters = OptionalString(benchmark, "Parameters") ?? "";
        string display = OptionalString(benchmark, "DisplayInfo") ?? $"{type}.{method}";

        var (values, source, actual) = ReadValues(path, index, benchmark);
        double? margin = null;
        if (benchmark.TryGetProperty("Statistics", out var statistics) && statistics.ValueKind == JsonValueKind.Object
            && statistics.TryGetProperty("ConfidenceInterval", out var ci) && ci.ValueKind == JsonValueKind.Object
            && ci.TryGetProperty("Margin", out var m) && m.ValueKind == JsonValueKind.Number)
        {
            margin = m.GetDouble();
        }

        bool? isBaseline = benchmark.TryGetProperty("Baseline", out var b) && b.ValueKind is JsonValueKind.True or JsonValueKind.False
            ? b.GetBoolean()
            : null;
        var categories = benchmark.TryGetProperty("Categories", out var c) && c.ValueKind == JsonValueKind.Array
            ? c.EnumerateArray().Where(e => e.ValueKind == JsonValueKind.String).Select(e => e.GetString()!).ToList()
            : [];
        string? group = OptionalString(benchmark, "LogicalGroup");

        var (engine, workload) = StageTimes(benchmark);
        return new BenchmarkEntry(type, method, parameters, JobOf(display), display, values, source, actual, margin, isBaseline, categories, group)
        {
            Title = OptionalString(benchmark, "MethodTitle") is { Length: > 0 } title ? title : method,
            EngineNs = engine,
            WorkloadNs = workload,
            FullName = OptionalString(benchmark, "FullName") ?? "",
            MeanNs = benchmark.TryGetProperty("Statistics", out var stats) && stats.ValueKind == JsonValueKind.Object
                && stats.TryGetProperty("Mean", out var mean) && mean.ValueKind == JsonValueKind.Number ? mean.GetDouble() : null,
        };
    }

    // The nanoseconds of every measured iteration (Workload/Result entries are Actual ones with the overhead taken off,
    // not iterations of their own, so they are left out), and of the Workload/Actual ones (0 and 0 without measurements).
    private static (double Engine, double Workload) StageTimes(JsonElement benchmark)
    {
        double engine = 0, workload = 0;
        if (benchmark.TryGetProperty("Measurements", out var measurements) && measurements.ValueKind == JsonValueKind.Array)
        {
            foreach (var m in measurements.EnumerateArray())
            {
                if (!m.TryGetProperty("Nanoseconds", out var ns) || ns.ValueKind != JsonValueKind.Number || OptionalString(m, "IterationStage") == "Result")
                {
                    continue;
                }

                engine += ns.GetDouble();
                if (OptionalString(m, "IterationMode") == "Workload" && OptionalString(m, "IterationStage") == "Actual")
                {
                    workload += ns.GetDouble();
                }
            }
        }

        return (engine, workload);
    }

    private static (IReadOnlyList<double> Values, string Source, int? Actual) ReadValues(string path, int index, JsonElement benchmark)
    {
        if (benchmark.TryGetProperty("Measurements", out var measurements) && measurements.ValueKind == JsonValueKind.Array
            && measurements.GetArrayLength() > 0)
        {
            var result = new List<double>();
            int actual = 0;
            foreach (var m in measurements.EnumerateArray())
            {
                string? mode = OptionalString(m, "IterationMode");
                string? stage = OptionalString(m, "IterationStage");
                if (mode != "Workload" || stage is not ("Result" or "Actual"))
                {
                    continue;
                }

                if (stage == "Actual")
                {
                    actual++;
                    continue;
                }

                if (!m.TryGetProperty("Operations", out var ops) || !ops.TryGetInt64(out long operations) || operations <= 0
                    || !m.TryGetProperty("Nanoseconds", out var ns) || ns.ValueKind != JsonValueKind.Number)
                {
                    throw new ReportFormatException(path, $"benchmark #{index} has a Workload/Result measurement without a positive \"Operations\" and a numeric \"Nanoseconds\".");
                }

                result.Add(ns.GetDouble() / operations);
            }

            return (result, "Workload/Result measurements (ns/op)", actual);
        }

        if (benchmark.TryGetProperty("Statistics", out var statistics) && statistics.ValueKind == JsonValueKind.Object
            && statistics.TryGetProperty("OriginalValues", out var original) && original.ValueKind == JsonValueKind.Array)
        {
            var values = original.EnumerateArray().Where(v => v.ValueKind == JsonValueKind.Number).Select(v => v.GetDouble()).ToList();
            return (values, "Statistics.OriginalValues (report without measurements)", null);
        }

        // A benchmark that failed has no statistics and no measurements; the pair will say so.
        return ([], "none (the benchmark produced no measurements)", null);
    }

    // "Type.Method: Job-ABC(IterationCount=5) [N=10]" -> "Job-ABC(IterationCount=5)".
    private static string JobOf(string displayInfo)
    {
        int colon = displayInfo.IndexOf(": ", StringComparison.Ordinal);
        string rest = colon >= 0 ? displayInfo[(colon + 2)..] : "";
        if (rest.EndsWith(']') && rest.LastIndexOf(" [", StringComparison.Ordinal) is int bracket and >= 0)
        {
            rest = rest[..bracket];
        }

        return rest.Trim();
    }

    private static string RequiredString(string path, int index, JsonElement benchmark, string name)
    {
        string? value = OptionalString(benchmark, name);
        if (string.IsNullOrEmpty(value))
        {
            throw new ReportFormatException(path, $"benchmark #{index} has no \"{name}\" string; this is not a BenchmarkDotNet benchmark entry.");
        }

        return value;
    }

    private static string? OptionalString(JsonElement element, string name) =>
        element.ValueKind == JsonValueKind.Object && element.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.String
            ? value.GetString()
            : null;

    private static string Describe(JsonValueKind kind) => kind switch
    {
        JsonValueKind.Array => "an array",
        JsonValueKind.Object => "an object",
        JsonValueKind.String => "a string",
        JsonValueKind.Number => "a number",
        JsonValueKind.True or JsonValueKind.False => "a boolean",
        JsonValueKind.Null => "null",
        _ => "empty",
    };
}
