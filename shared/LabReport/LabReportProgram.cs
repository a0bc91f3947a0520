namespace LabReport;

/// <summary>The entry point: <c>report</c>, <c>compare</c>, <c>readme</c>, <c>--help</c>.</summary>
public static class LabReportProgram
{
    /// <summary>The whole usage text.</summary>
    public const string Usage = """
        Usage: dotnet run --project shared/LabReport -- <command> ...

          report <run-folder> [--out DIR]
              report.md + SVG charts: every post's claims judged against the published numbers
          compare <run-folder> <run-folder> [more...] [--threshold PCT] [--out DIR]
              every benchmark present in the first run and another: ratio with CI, faster/slower/same,
              the environment diff, one table and one chart
          readme <run-folder> [--link PATH]
              rewrite the "measured here" block (between <!-- measured-here:begin/end --> markers) of each
              post README from the run's verdicts
          --help
        """;

    /// <summary>Runs a command line; returns the exit code (0 done, 1 nothing could be reported, 2 bad input).</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        // Reports are compared byte for byte (golden files, diffs between runs): one number format everywhere.
        System.Globalization.CultureInfo.CurrentCulture = System.Globalization.CultureInfo.InvariantCulture;
        try
        {
            if (args.Count == 0)
            {
                throw new UsageException("a command is needed: report, compare or readme");
            }

            var rest = args.Skip(1).ToList();
            if (rest.Contains("--help") || rest.Contains("-h"))
            {
                output.WriteLine(args[0] switch
                {
                    "report" => ReportCommand.Usage,
                    "compare" => CompareCommand.Usage,
                    "readme" => ReadmeCommand.Usage,
                    _ => Usage,
                });
                return 0;
            }

            return args[0] switch
            {
                "report" => ReportCommand.Run(rest, output, error),
                "compare" => CompareCommand.Run(rest, output, error),
                "readme" => ReadmeCommand.Run(rest, output, error),
                "--help" or "-h" or "help" => Help(output),
                _ => throw new UsageException($"unknown command '{args[0]}' (allowed: report, compare, readme)"),
            };
        }
        catch (UsageException e)
        {
            error.WriteLine($"error: {e.Message}");
            error.WriteLine("see --help");
            return 2;
        }
        catch (RunFolderException e)
        {
            error.WriteLine($"error: {e.Message}");
            return 2;
        }
    }

    private static int Help(TextWriter output)
    {
        output.WriteLine(Usage);
        return 0;
    }
}
