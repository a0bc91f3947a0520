using System.Globalization;

namespace FirstThingsFirst.Ab;

/// <summary>
/// Runs a built BenchmarkDotNet program as the usual template does (<c>BenchmarkSwitcher...Run(args)</c>): the selection
/// and a short in-process job are passed as BenchmarkDotNet's own command-line options, one fresh process per side and round.
/// </summary>
public sealed class BdnSide(AbOptions options, string privateDirectory)
{
    /// <summary>The arguments of one measuring process.</summary>
    public IReadOnlyList<string> Arguments(string artifacts) =>
    [
        "--filter", .. options.Filters, "--inProcess",
        "--warmupCount", Invariant(options.Warmups), "--iterationCount", Invariant(options.Iterations),
        "--iterationTime", Invariant(options.IterationTimeMs), "--exporters", "fulljson", "--artifacts", artifacts, .. options.Extra,
    ];

    /// <summary>The benchmarks the filter selects, as <c>--list flat</c> prints them; a usage error when the program does not list them.</summary>
    public IReadOnlyList<string> List(BuiltSide side, CancellationToken token)
    {
        // A Main that ignores its arguments starts measuring instead of listing: its first run line stops it.
        var listing = ChildProcess.Run("dotnet", [side.ProgramPath, "--list", "flat", "--filter", .. options.Filters], privateDirectory, token,
            stopWhen: IsRunStarting, timeout: TimeSpan.FromMinutes(2));
        if (listing.ExitCode == -1 || listing.Output.Split('\n').Any(IsRunStarting))
        {
            throw new AbUsageException($"the program of {side.Ref} ran benchmarks instead of listing them: its Main must hand its arguments to BenchmarkDotNet " +
                "(BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args))");
        }

        var names = Names(listing);
        if (listing.ExitCode == 0 && names.Count > 0)
        {
            return names;
        }

        // Nothing listed: a filter that matches nothing, or a program that lists nothing at all (not BenchmarkSwitcher's).
        var all = ChildProcess.Run("dotnet", [side.ProgramPath, "--list", "flat"], privateDirectory, token, stopWhen: IsRunStarting, timeout: TimeSpan.FromMinutes(2));
        return all.ExitCode == 0 && Names(all).Count > 0
            ? throw new AbUsageException($"no benchmark of {side.Ref} matches --filter {string.Join(' ', options.Filters)} ({Names(all).Count} listed without it)")
            : throw new AbUsageException($"the program of {side.Ref} lists no benchmark with --list flat: its Main must hand its arguments to BenchmarkDotNet " +
                "(BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args))" + (listing.ExitCode != 0 ? $"; it exited with {listing.ExitCode}: {listing.Tail(1)}" : ""));
    }

    private static List<string> Names(ProcessResult listing) => [.. listing.Output.Split('\n').Select(l => l.Trim()).Where(IsBenchmarkName)];

    /// <summary>Runs the selection once on <paramref name="side"/>; the log of every process stays in the private directory.</summary>
    public IReadOnlyDictionary<string, double> Measure(BuiltSide side, string name, int round, CancellationToken token)
    {
        ArgumentNullException.ThrowIfNull(side);
        string artifacts = Path.Combine(privateDirectory, "rounds", $"{round:000}-{name}");
        var run = ChildProcess.Run("dotnet", [side.ProgramPath, .. Arguments(artifacts)], privateDirectory, token,
            environment: name == "A" ? options.EnvironmentA : options.EnvironmentB);
        Directory.CreateDirectory(artifacts);
        File.WriteAllText(Path.Combine(artifacts, "output.log"), run.Output);
        if (run.ExitCode == AbProgram.InterruptedExitCode)
        {
            // Ctrl-C in a terminal reaches the whole process group: the side may die of it before ab's own handler runs.
            throw new SideInterruptedException();
        }

        return run.ExitCode == 0
            ? BdnReports.Read(artifacts)
            : throw new SideFailedException($"side {name} ({side.Ref}) exited with {run.ExitCode} in round {round}:\n{run.Tail()}");
    }

    /// <summary>A line BenchmarkDotNet prints when it starts measuring.</summary>
    public static bool IsRunStarting(string line) =>
        line.StartsWith("// ***** BenchmarkRunner", StringComparison.Ordinal) || line.StartsWith("// Validating benchmarks", StringComparison.Ordinal);

    /// <summary>A line of <c>--list flat</c>: a dotted name, no spaces outside parameter brackets.</summary>
    public static bool IsBenchmarkName(string line) =>
        line.Length > 0 && (char.IsLetter(line[0]) || line[0] == '_') && line.Contains('.', StringComparison.Ordinal)
        && !line.Split('(')[0].Contains(' ', StringComparison.Ordinal);

    private static string Invariant(int value) => value.ToString(CultureInfo.InvariantCulture);
}

/// <summary>A side's process ended by SIGINT (exit 130): the run is interrupted, as by ab's own Ctrl-C.</summary>
public sealed class SideInterruptedException() : OperationCanceledException("a side was interrupted (SIGINT)");
