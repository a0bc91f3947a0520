using MeasurementLab;

namespace CoordinatedOmission;

/// <summary>The program's command line: parsing (strict: every bad value is a usage error), usage text, and the run.</summary>
internal static class SimulationCommand
{
    public const int MaxRatePerSecond = 1_000_000;
    public const int MaxDurationSeconds = 3_600;
    public const int MaxPauseMilliseconds = 60_000;
    public const int MaxWorkers = 64;

    public static readonly string Usage = $"""
        Usage: dotnet run -c Release -- [options]

        Post 3, "Coordinated Omission": a ~1 ms service that pauses every Nth request, measured by a
        closed-loop client (send, wait, measure from the actual start) and an open-loop client (fixed
        schedule, measure from the intended start), plus the closed-loop data corrected after the fact with
        HdrHistogram's expected-interval correction, and optionally a truly concurrent open-loop client.
        The report goes to standard output; progress (which client, requests served, time left) to standard error.

        Options:
          --rate N          target rate in requests per second, 1..{MaxRatePerSecond} (default {SimulationSettings.DefaultRatePerSecond})
          --duration S      seconds of schedule, 1..{MaxDurationSeconds}; every client sends rate x duration
                            requests (default {SimulationSettings.DefaultDurationSeconds}: 30 s per client)
          --pause-every N   every Nth request pauses instead of working, N >= 1 (default {SimulationSettings.DefaultPauseEvery})
          --pause-ms MS     length of each pause in ms, 0..{MaxPauseMilliseconds} (default {SimulationSettings.DefaultPauseMilliseconds})
          --client LIST     clients to run, comma-separated: closed, open, concurrent, or all
                            (default closed,open as in the post; the corrected column comes with closed)
          --workers N       worker threads of the queued service behind the concurrent client,
                            1..{MaxWorkers} (default {SimulationSettings.DefaultWorkers}, the post's serial service); needs --client with concurrent
          --output DIR      also write each distribution as HdrHistogram .hgrm (values in ms),
                            configuration.json, report.md, pauses.csv (each client's worst
                            latency per pause) and windows.csv (each client's percentiles per
                            pause cycle) into DIR (created if missing)
          --virtual         deterministic virtual clock: work takes exactly 1 ms, a pause exactly
                            --pause-ms; finishes at once, the numbers are exact
          -h, --help        this text

        Examples:
          dotnet run -c Release                                    # the post: closed and open loop, 30 s each
          dotnet run -c Release -- --client all --output out/      # plus the concurrent client, files in out/
          dotnet run -c Release -- --virtual                       # the same simulation on a virtual clock
        """;

    /// <summary>The sub-command for <see cref="LabEntryPoint.RunSubCommand"/>: --help and usage errors handled there.</summary>
    public static SubCommand Create(TextWriter output, TextWriter progress) =>
        new("coordinated-omission", "closed vs open loop latency simulation", args => Run(args, output, progress), Usage)
        {
            Invocation = "dotnet run -c Release --",
        };

    /// <summary>Parses, simulates, prints the report, writes the files. Throws <see cref="UsageException"/> for bad arguments.</summary>
    public static int Run(string[] args, TextWriter output, TextWriter progress)
    {
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(progress);
        var settings = Parse(args);
        if (settings.OutputDirectory is { } target)
        {
            OutputDirectory.Prepare(target, "--output");
        }

        var result = SimulationRun.Run(settings, progress);
        string report = SimulationReport.Render(result);
        output.Write(report);
        if (settings.OutputDirectory is { } directory)
        {
            try
            {
                var written = SimulationFiles.Write(directory, result, report);
                progress.WriteLine($"wrote {written.Count} files to {Path.GetFullPath(directory)}");
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                progress.WriteLine($"error: could not write the results to '{directory}': {e.Message}");
                return 1;
            }
        }

        return 0;
    }

    /// <summary>Reads the options; any invalid value or unknown option throws <see cref="UsageException"/>.</summary>
    public static SimulationSettings Parse(IEnumerable<string> args)
    {
        var reader = new OptionReader(args);
        var clients = ParseClients(reader.String("--client"));
        bool workersGiven = false;
        int workers = SimulationSettings.DefaultWorkers;
        if (reader.String("--workers") is { } workersText)
        {
            workersGiven = true;
            workers = (int)OptionReader.ParseInteger("Option --workers", workersText, 1, MaxWorkers);
        }

        var settings = new SimulationSettings
        {
            RatePerSecond = (int)reader.Integer("--rate", SimulationSettings.DefaultRatePerSecond, 1, MaxRatePerSecond),
            DurationSeconds = (int)reader.Integer("--duration", SimulationSettings.DefaultDurationSeconds, 1, MaxDurationSeconds),
            PauseEvery = (int)reader.Integer("--pause-every", SimulationSettings.DefaultPauseEvery, 1, int.MaxValue),
            PauseMilliseconds = (int)reader.Integer("--pause-ms", SimulationSettings.DefaultPauseMilliseconds, 0, MaxPauseMilliseconds),
            Clients = clients,
            Workers = workers,
            OutputDirectory = ParseOutput(reader.String("--output")),
            Virtual = reader.Flag("--virtual"),
        };
        reader.EnsureAllConsumed();

        if (workersGiven && !clients.HasFlag(ClientKinds.Concurrent))
        {
            throw new UsageException("Option --workers applies to the concurrent client only; add --client concurrent (or all).");
        }

        return settings;
    }

    private static ClientKinds ParseClients(string? text)
    {
        if (text is null)
        {
            return SimulationSettings.DefaultClients;
        }

        var kinds = ClientKinds.None;
        foreach (string name in text.Split(','))
        {
            kinds |= name.Trim() switch
            {
                "closed" => ClientKinds.Closed,
                "open" => ClientKinds.Open,
                "concurrent" => ClientKinds.Concurrent,
                "all" => ClientKinds.All,
                _ => throw new UsageException($"Option --client takes closed, open, concurrent or all (comma-separated); got '{name}'."),
            };
        }

        return kinds;
    }

    private static string? ParseOutput(string? directory)
    {
        if (directory is not null && File.Exists(directory))
        {
            throw new UsageException($"Option --output needs a directory; '{directory}' is a file.");
        }

        return directory;
    }
}
