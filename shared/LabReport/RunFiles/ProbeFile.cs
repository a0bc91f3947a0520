namespace LabReport.RunFiles;

/// <summary>One reading of the drift probe: a fixed CPU-bound loop and one memory-latency point, timed.</summary>
/// <param name="Label">"start", or the folder of the post that had just run ("engine", "why-benchmarks-lie").</param>
/// <param name="Utc">When it was taken, as written.</param>
/// <param name="CpuNs">The CPU loop's time.</param>
/// <param name="MemoryNs">The memory-latency point's time.</param>
public sealed record ProbeReading(string Label, string Utc, double CpuNs, double MemoryNs);

/// <summary>
/// The run's drift probe readings (<c>probe.csv</c> at the run folder's root, appended by <see cref="ProbeCommand"/> from <c>scripts/run-all.sh</c>): one reading
/// before the first post and one after each post. A post during which the probe moved by more than
/// <see cref="Threshold"/> (its reading against the one before it, either metric) ran on a machine that changed under
/// it: its claims are flagged "machine drifted", their verdicts unchanged.
/// </summary>
public sealed record ProbeFile(string Path, IReadOnlyList<ProbeReading> Readings)
{
    /// <summary>The file's name at the run folder's root.</summary>
    public const string FileName = ProbeCommand.FileName;

    /// <summary>How far either metric may move during a post (0.10 = 10%) before the post is flagged.</summary>
    public const double Threshold = 0.10;

    /// <summary>The label of the reading taken before the first post.</summary>
    public const string StartLabel = "start";

    /// <summary>Reads the run's probe; null when the run has none; <see cref="InvalidDataException"/> naming the file when it is malformed.</summary>
    public static ProbeFile? Load(string runFolder)
    {
        string path = System.IO.Path.Combine(runFolder, FileName);
        if (!File.Exists(path))
        {
            return null;
        }

        var table = CsvTable.Load(path, "label", "utc", "cpu_ns", "memory_ns");
        var readings = table.Rows.Select(r => new ProbeReading(table.Cell(r, "label"), table.Cell(r, "utc"), table.Number(r, "cpu_ns"), table.Number(r, "memory_ns"))).ToList();
        foreach (var reading in readings)
        {
            if (reading.Label.Length == 0 || !(reading.CpuNs > 0) || !(reading.MemoryNs > 0))
            {
                throw new InvalidDataException($"{path}: the reading '{reading.Label}' needs a label and positive cpu_ns and memory_ns");
            }
        }

        if (readings.Count == 0 || readings[0].Label != StartLabel)
        {
            throw new InvalidDataException($"{path}: the first reading must be labelled '{StartLabel}' (taken before the first post)");
        }

        return new ProbeFile(path, readings);
    }

    /// <summary>The reading after <paramref name="post"/> and the one before it, or null when the probe has no reading for it.</summary>
    public (ProbeReading Before, ProbeReading After)? Around(string post)
    {
        int i = Readings.ToList().FindLastIndex(r => r.Label == post);
        return i > 0 ? (Readings[i - 1], Readings[i]) : null;
    }

    /// <summary>How far the probe moved during <paramref name="post"/>: the larger relative change of its two metrics, or null.</summary>
    public double? Change(string post) => Around(post) is var (before, after) ? Math.Max(Moved(before.CpuNs, after.CpuNs), Moved(before.MemoryNs, after.MemoryNs)) : null;

    /// <summary>True when the probe moved by more than <see cref="Threshold"/> during <paramref name="post"/>.</summary>
    public bool Drifted(string post) => Change(post) > Threshold;

    /// <summary>The relative change from <paramref name="before"/> to <paramref name="after"/> (0.12 = 12%, either way).</summary>
    public static double Moved(double before, double after) => Math.Abs(after / before - 1);
}
