using System.Globalization;

namespace CoordinatedOmission;

/// <summary>Which clients a run measures.</summary>
[Flags]
internal enum ClientKinds
{
    None = 0,
    Closed = 1,
    Open = 2,
    Concurrent = 4,
    All = Closed | Open | Concurrent,
}

/// <summary>Everything a run depends on. The defaults are the post's.</summary>
internal sealed record SimulationSettings
{
    public const int DefaultRatePerSecond = 450;
    public const int DefaultDurationSeconds = 30;
    public const int DefaultPauseEvery = 500;
    public const int DefaultPauseMilliseconds = 200;
    public const int DefaultWorkers = 1;
    public const ClientKinds DefaultClients = ClientKinds.Closed | ClientKinds.Open;

    /// <summary>Service time of an ordinary request: the calibration target, and exactly this on the virtual clock.</summary>
    public static readonly TimeSpan BaselineServiceTime = TimeSpan.FromMilliseconds(1);

    /// <summary>The recorders' range is at least this (and more when a run could produce longer latencies).</summary>
    public static readonly TimeSpan MinimumHighestTrackable = TimeSpan.FromSeconds(60);

    public int RatePerSecond { get; init; } = DefaultRatePerSecond;

    public int DurationSeconds { get; init; } = DefaultDurationSeconds;

    public int PauseEvery { get; init; } = DefaultPauseEvery;

    public int PauseMilliseconds { get; init; } = DefaultPauseMilliseconds;

    public ClientKinds Clients { get; init; } = DefaultClients;

    /// <summary>Workers of the queued service behind the concurrent client.</summary>
    public int Workers { get; init; } = DefaultWorkers;

    /// <summary>Where to write .hgrm files, configuration.json, report.md, pauses.csv and windows.csv; null: nowhere.</summary>
    public string? OutputDirectory { get; init; }

    /// <summary>Run on the deterministic <see cref="VirtualClock"/> instead of the real one.</summary>
    public bool Virtual { get; init; }

    public TimeSpan Pause => TimeSpan.FromMilliseconds(PauseMilliseconds);

    public long RequestsPerClient => (long)RatePerSecond * DurationSeconds;

    /// <summary>Fraction of each second the (single-worker) service is busy at the target rate: the post's 63%.</summary>
    public double Utilization =>
        RatePerSecond * (((PauseEvery - 1) * BaselineServiceTime.TotalSeconds) + Pause.TotalSeconds) / PauseEvery;

    /// <summary>
    /// 60 s, or more when the run could see longer latencies: no request can take longer than the whole run, bounded
    /// by the schedule plus all the service time it asks for, times 4 for a slow machine.
    /// </summary>
    public TimeSpan HighestTrackable
    {
        get
        {
            double serviceSeconds = RequestsPerClient * ((BaselineServiceTime.TotalSeconds * (PauseEvery - 1)) + Pause.TotalSeconds) / PauseEvery;
            var bound = TimeSpan.FromSeconds(4 * (DurationSeconds + serviceSeconds));
            return bound > MinimumHighestTrackable ? bound : MinimumHighestTrackable;
        }
    }

    public LoadProfile Load => new(RatePerSecond, DurationSeconds, HighestTrackable);

    /// <summary>The options that reproduce this run.</summary>
    public string ToCommandLine()
    {
        var parts = new List<string>
        {
            FormattableString.Invariant($"--rate {RatePerSecond}"),
            FormattableString.Invariant($"--duration {DurationSeconds}"),
            FormattableString.Invariant($"--pause-every {PauseEvery}"),
            FormattableString.Invariant($"--pause-ms {PauseMilliseconds}"),
            $"--client {ClientList}",
        };
        if (Clients.HasFlag(ClientKinds.Concurrent))
        {
            parts.Add(Workers.ToString("'--workers '0", CultureInfo.InvariantCulture));
        }

        if (Virtual)
        {
            parts.Add("--virtual");
        }

        if (OutputDirectory is not null)
        {
            parts.Add($"--output {OutputDirectory}");
        }

        return string.Join(' ', parts);
    }

    /// <summary>The selected clients as the --client option spells them.</summary>
    public string ClientList =>
        string.Join(',', new[] { (ClientKinds.Closed, "closed"), (ClientKinds.Open, "open"), (ClientKinds.Concurrent, "concurrent") }
            .Where(c => Clients.HasFlag(c.Item1))
            .Select(c => c.Item2));
}
