using MeasurementLab;

namespace HandRolledHarness.Comparison;

/// <summary>
/// The <c>compare</c> mode: the hand-rolled Mark8 results of a run next to BenchmarkDotNet's, as one table
/// (comparison.md). Named for what it writes, so that CompareCommand stays LabReport's comparison of runs.
/// </summary>
internal static class ComparisonCommand
{
    public const string Name = "compare";
    public const string OutputFileName = "comparison.md";

    public const string Usage = """
        Usage: dotnet run -c Release -- compare RUN_DIR [--output FILE]

        Reads RUN_DIR/mark8.csv (mark 8 --csv) and every BenchmarkDotNet *-report-full.json in RUN_DIR, and writes one
        markdown table: for each function and size, Mark8's mean, standard deviation and count next to
        BenchmarkDotNet's mean, confidence interval and allocation, with the ratio Mark8 / BDN.

          --output FILE   where to write the table (default RUN_DIR/comparison.md); it is also printed
        """;

    public static SubCommand Command { get; } = new(Name, "hand-rolled Mark8 next to BenchmarkDotNet, one table per run", Run, Usage);

    public static int Run(string[] args)
    {
        var options = new OptionReader(args);
        string? output = options.String("--output");
        options.EnsureAllConsumed(maxPositionals: 1);
        if (options.Positionals.Count == 0)
        {
            throw new UsageException("compare needs RUN_DIR, the folder holding mark8.csv and the *-report-full.json files.");
        }

        string runDirectory = options.Positionals[0];
        string text = Table(runDirectory);
        output ??= Path.Combine(runDirectory, OutputFileName);
        try
        {
            File.WriteAllText(output, text);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new UsageException($"--output: cannot write '{output}' ({e.Message})");
        }

        Console.Out.Write(text);
        return 0;
    }

    /// <summary>The whole comparison file for a run folder.</summary>
    public static string Table(string runDirectory)
    {
        if (!Directory.Exists(runDirectory))
        {
            throw new UsageException($"RUN_DIR '{runDirectory}' is not a directory.");
        }

        string csv = Path.Combine(runDirectory, Mark8Csv.FileName);
        if (!File.Exists(csv))
        {
            throw new UsageException($"{csv} does not exist (write it with: mark 8 --function all --csv {csv}).");
        }

        var marks = Mark8Csv.Read(csv);
        var bdn = BdnResult.ReadDirectory(runDirectory);
        if (bdn.Count == 0)
        {
            throw new UsageException($"no BenchmarkDotNet results of this program in '{runDirectory}' (*{BdnResult.FileSuffix}).");
        }

        return "# Hand-rolled Mark8 next to BenchmarkDotNet\n\n" +
            $"Mark8: {Mark8Csv.FileName}. BenchmarkDotNet: {string.Join(", ", Directory.GetFiles(runDirectory, "*" + BdnResult.FileSuffix).Select(Path.GetFileName).Order(StringComparer.Ordinal))}.\n" +
            "Times are per call; one row per function and size BenchmarkDotNet ran (every size of the sweep: mark8.csv).\n" +
            "Mark8 / BDN above 1: the hand-rolled mean is the larger. —: that harness did not run it.\n\n" +
            ComparisonTable.Markdown(marks, bdn);
    }
}
