using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.Json;
using MeasurementLab;

namespace CoordinatedOmission;

/// <summary>
/// The files of --output DIR: every distribution in HdrHistogram's .hgrm text format (values in milliseconds, so
/// HdrHistogram's plotters read them as they are), the configuration of the run as JSON, and the printed report.
/// </summary>
internal static class SimulationFiles
{
    public const string ConfigurationFile = "configuration.json";
    public const string ReportFile = "report.md";
    public const string PausesFile = "pauses.csv";
    public const string WindowsFile = "windows.csv";

    private static readonly JsonSerializerOptions Json = new() { WriteIndented = true, PropertyNamingPolicy = JsonNamingPolicy.CamelCase };

    /// <summary>The .hgrm files a result produces: file name and recorder.</summary>
    public static IReadOnlyList<(string File, LatencyRecorder Recorder)> Distributions(SimulationResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        var files = new List<(string, LatencyRecorder)>();
        if (result.Closed is { } closed)
        {
            files.Add(("closed-loop.hgrm", closed.Measured.Latency));
            files.Add(("closed-loop-corrected.hgrm", closed.Corrected));
        }

        if (result.Open is { } open)
        {
            files.Add(("open-loop.hgrm", open.Latency));
            files.Add(("open-loop.send-lateness.hgrm", open.SendLateness!));
        }

        if (result.Concurrent is { } concurrent)
        {
            files.Add(("concurrent-open-loop.hgrm", concurrent.Latency));
            files.Add(("concurrent-open-loop.send-lateness.hgrm", concurrent.SendLateness!));
        }

        return files;
    }

    /// <summary>Writes everything into <paramref name="directory"/> (created if missing); returns the paths written.</summary>
    public static IReadOnlyList<string> Write(string directory, SimulationResult result, string report)
    {
        ArgumentNullException.ThrowIfNull(result);
        Directory.CreateDirectory(directory);
        var written = new List<string>();
        foreach (var (file, recorder) in Distributions(result))
        {
            string path = Path.Combine(directory, file);
            using (var writer = new StreamWriter(path, append: false, new UTF8Encoding(false)))
            {
                recorder.WritePercentileDistribution(writer);
            }

            written.Add(path);
        }

        string configuration = Path.Combine(directory, ConfigurationFile);
        File.WriteAllText(configuration, JsonSerializer.Serialize(Describe(result), Json) + "\n", new UTF8Encoding(false));
        written.Add(configuration);

        if (PauseTable(result) is { } pauses)
        {
            string pausesPath = Path.Combine(directory, PausesFile);
            File.WriteAllText(pausesPath, pauses, new UTF8Encoding(false));
            written.Add(pausesPath);
        }

        if (WindowTable(result) is { } windows)
        {
            string windowsPath = Path.Combine(directory, WindowsFile);
            File.WriteAllText(windowsPath, windows, new UTF8Encoding(false));
            written.Add(windowsPath);
        }

        string reportPath = Path.Combine(directory, ReportFile);
        File.WriteAllText(reportPath, report, new UTF8Encoding(false));
        written.Add(reportPath);
        return written;
    }

    /// <summary>
    /// pauses.csv: each client's worst latency per pause (<see cref="PauseAnalysis.WorstPerPause"/>), in ms, and for
    /// the open-loop clients the requests after it served late (the report's catch-up, <see cref="PauseAnalysis.OpenLoopEffects"/>;
    /// empty for the closed loop, which never queues, and for a pause on the last request, which has no followers),
    /// one row per client and pause; null when no client kept a trace or none hit a pause.
    /// </summary>
    public static string? PauseTable(SimulationResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        var rows = new StringBuilder("client,pause,request,worst_ms,delayed\n");
        int count = 0;
        foreach (var client in result.Clients)
        {
            if (client.Trace is not { } trace)
            {
                continue;
            }

            var delayed = client == result.Closed?.Measured
                ? new Dictionary<long, int>()
                : PauseAnalysis.OpenLoopEffects(trace, SimulationReport.WaitTolerance(result))
                    .Where(e => e.PausedIndex < trace.Timings.Count - 1)
                    .ToDictionary(e => e.PausedIndex, e => e.Delayed);
            foreach (var w in PauseAnalysis.WorstPerPause(trace))
            {
                double ms = w.WorstTicks * 1000.0 / result.TicksPerSecond;
                string late = delayed.TryGetValue(w.PausedIndex, out int d) ? d.ToString(System.Globalization.CultureInfo.InvariantCulture) : "";
                rows.Append(FormattableString.Invariant($"{client.Name},{w.Pause},{w.PausedIndex},{ms:0.######},{late}\n"));
                count++;
            }
        }

        return count == 0 ? null : rows.ToString();
    }

    /// <summary>
    /// windows.csv: each client's percentiles and duration (seconds) per pause cycle (<see cref="PauseWindows"/>), in ms, the corrected column
    /// from the closed loop's trace with the run's expected interval; null when no client kept a trace or the run is
    /// shorter than one cycle after its first pause. A cell is empty where its row is not the one for that percentile:
    /// p99.9 needs 1,000 requests, so with 500 per cycle it is on the rows pooling two cycles (windows = 2).
    /// </summary>
    public static string? WindowTable(SimulationResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        // The whole run's recorders' range and ticks, so a window's values are the run's, cut up.
        var highest = result.Settings.HighestTrackable;
        var clients = new List<(string Name, RequestTrace? Trace, long? Interval)>();
        if (result.Closed is { } closed)
        {
            clients.Add((closed.Measured.Name, closed.Measured.Trace, null));
            clients.Add((ClosedLoopResult.CorrectedName, closed.Measured.Trace, closed.ExpectedIntervalTicks));
        }

        clients.AddRange(new[] { result.Open, result.Concurrent }.OfType<ClientResult>().Select(c => (c.Name, c.Trace, (long?)null)));
        string Ms(long ticks) => FormattableString.Invariant($"{ticks * 1000.0 / result.TicksPerSecond:0.######}");
        var rows = new StringBuilder("client,window,windows,first_request,requests,seconds," + string.Join(',', PauseWindows.Percentiles.Select(p => p.Column)) + ",max_ms\n");
        int count = 0;
        foreach (var (name, trace, interval) in clients)
        {
            if (trace is null)
            {
                continue;
            }

            foreach (var w in PauseWindows.Of(trace, result.Settings.PauseEvery, () => new LatencyRecorder(highest, result.TicksPerSecond), interval))
            {
                string cells = string.Join(',', w.Percentiles.Select(v => v is long ticks ? Ms(ticks) : ""));
                string seconds = FormattableString.Invariant($"{w.ElapsedTicks / (double)result.TicksPerSecond:0.######}");
                rows.Append(FormattableString.Invariant($"{name},{w.Window},{w.Windows},{w.FirstRequest},{w.Requests},{seconds},{cells},{Ms(w.MaxTicks)}\n"));
                count++;
            }
        }

        return count == 0 ? null : rows.ToString();
    }

    /// <summary>The configuration of a run, as written to configuration.json.</summary>
    public static RunConfiguration Describe(SimulationResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        var s = result.Settings;
        return new RunConfiguration(
            Command: "dotnet run -c Release -- " + s.ToCommandLine(),
            Clock: s.Virtual ? "virtual" : "real",
            ClockDescription: result.ClockDescription,
            TicksPerSecond: result.TicksPerSecond,
            RatePerSecond: s.RatePerSecond,
            DurationSeconds: s.DurationSeconds,
            RequestsPerClient: s.RequestsPerClient,
            PauseEvery: s.PauseEvery,
            PauseMilliseconds: s.PauseMilliseconds,
            BaselineServiceTimeMilliseconds: SimulationSettings.BaselineServiceTime.TotalMilliseconds,
            Clients: s.ClientList.Split(','),
            Workers: s.Clients.HasFlag(ClientKinds.Concurrent) ? s.Workers : null,
            ExpectedIntervalTicks: result.Closed?.ExpectedIntervalTicks,
            HistogramSignificantDigits: LatencyRecorder.SignificantDigits,
            HighestTrackableSeconds: s.HighestTrackable.TotalSeconds,
            Calibration: result.Calibration is { } c
                ? new CalibrationDescription(c.Iterations, c.Median.TotalMilliseconds, c.Target.TotalMilliseconds, c.Samples)
                : null,
            Runs: result.Clients.Select(c => new ClientDescription(c.Name, c.Requests, c.Pauses, c.Elapsed.TotalSeconds)).ToList(),
            Machine: new MachineDescription(
                Environment.ProcessorCount,
                RuntimeInformation.FrameworkDescription,
                RuntimeInformation.OSDescription,
                RuntimeInformation.ProcessArchitecture.ToString(),
                Stopwatch.Frequency,
                Stopwatch.IsHighResolution),
            StartedUtc: result.StartedUtc);
    }
}
