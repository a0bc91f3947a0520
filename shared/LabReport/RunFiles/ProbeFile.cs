namespace LabReport.RunFiles;

/// <summary>One reading of the drift probe: a fixed CPU-bound loop and one memory-latency point, timed.</summary>
/// <param name="Label">"start", or the folder of the post that had just run ("engine", "why-benchmarks-lie").</param>
/// <param name="Utc">When it was taken, as written.</param>
/// <param name="CpuNs">The CPU loop's time.</param>
/// <param name="MemoryNs">The memory-latency point's time.</param>
public sealed record ProbeRow(string Label, string Utc, double CpuNs, double MemoryNs);

/// <summary>
/// The run's drift probe readings (<c>probe.csv</c> at the run folder's root, appended by <see cref="ProbeCommand"/> from <c>scripts/run-all.sh</c>): one reading
/// before the first post and one after each post. A post during which the probe moved by more than its thresholds
/// (<see cref="CpuThreshold"/> for the CPU loop or <see cref="MemoryThreshold"/> for the memory point, its reading
/// against the one before it) ran on a machine that changed under it: its claims are flagged "machine drifted", their
/// verdicts unchanged.
/// </summary>
public sealed record ProbeFile(string Path, IReadOnlyList<ProbeRow> Readings)
{
    /// <summary>The file's name at the run folder's root.</summary>
    public const string FileName = ProbeCommand.FileName;

    /// <summary>
    /// How far the CPU loop may move during a post (0.10 = 10%) before the post is flagged. Back to back on a quiet
    /// guest, 16 probes' CPU loops stayed within 1% of each other (investigations/drift-probe).
    /// </summary>
    public const double CpuThreshold = 0.10;

    /// <summary>
    /// How far the memory point may move. Each probe is a new process, and which physical pages back its 64 MiB chain
    /// changes with it: back to back on a quiet guest, 16 probes spanned 164–236 ns, so one reading may differ from the
    /// one before it by up to 44% (236 / 164) while nothing changed (investigations/drift-probe). A first threshold of
    /// 30% flagged such a move in a full run (172 → 230 ns, 34%, the CPU loop within 1%); a move must pass 50% to mean
    /// the machine changed.
    /// </summary>
    public const double MemoryThreshold = 0.50;

    /// <summary>How far one quiet probe's memory point may differ from the next: 236 / 164 ns − 1 (investigations/drift-probe).</summary>
    public const double QuietMemorySpread = 0.44;

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
        var readings = table.Rows.Select(r => new ProbeRow(table.Cell(r, "label"), table.Cell(r, "utc"), table.Number(r, "cpu_ns"), table.Number(r, "memory_ns"))).ToList();
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
    public (ProbeRow Before, ProbeRow After)? Around(string post)
    {
        int i = Readings.ToList().FindLastIndex(r => r.Label == post);
        return i > 0 ? (Readings[i - 1], Readings[i]) : null;
    }

    /// <summary>How far each metric moved during <paramref name="post"/> (relative changes), or null.</summary>
    public ProbeMovement? Change(string post) => Around(post) is var (before, after) ? ProbeMovement.Between(before, after) : null;

    /// <summary>The label of the reading taken after a planner step of <paramref name="post"/> (scripts/run-all.sh).</summary>
    public static string PlannerLabel(string post) => $"planner-{post}";

    /// <summary>
    /// True when the machine moved while <paramref name="post"/>'s rounds were measured: either metric moved by more than
    /// its threshold during one of its steps (its first rounds, or a step the planner added), or the readings around its
    /// steps span more than the threshold, so that its rounds straddle a change of the machine's speed.
    /// </summary>
    public bool Drifted(string post)
    {
        var around = Readings.Select((r, i) => (r, i)).Where(x => x.i > 0 && (x.r.Label == post || x.r.Label == PlannerLabel(post)))
            .SelectMany(x => new[] { Readings[x.i - 1], x.r }).Distinct().ToList();
        if (around.Count == 0)
        {
            return false;
        }

        bool step = Readings.Select((r, i) => (r, i)).Any(x => x.i > 0 && (x.r.Label == post || x.r.Label == PlannerLabel(post))
            && ProbeMovement.Between(Readings[x.i - 1], x.r).Drifted);
        return step || around.Max(r => r.CpuNs) / around.Min(r => r.CpuNs) - 1 > CpuThreshold
            || around.Max(r => r.MemoryNs) / around.Min(r => r.MemoryNs) - 1 > MemoryThreshold;
    }

    /// <summary>The relative change from <paramref name="before"/> to <paramref name="after"/> (0.12 = 12%, either way).</summary>
    public static double Moved(double before, double after) => Math.Abs(after / before - 1);
}

/// <summary>How far the probe's two metrics moved from one reading to the next (0.12 = 12%, either way).</summary>
public readonly record struct ProbeMovement(double Cpu, double Memory)
{
    /// <summary>True when either metric moved past its threshold.</summary>
    public bool Drifted => Cpu > ProbeFile.CpuThreshold || Memory > ProbeFile.MemoryThreshold;

    /// <summary>The movement from <paramref name="before"/> to <paramref name="after"/>.</summary>
    public static ProbeMovement Between(ProbeRow before, ProbeRow after)
    {
        ArgumentNullException.ThrowIfNull(before);
        ArgumentNullException.ThrowIfNull(after);
        return new(ProbeFile.Moved(before.CpuNs, after.CpuNs), ProbeFile.Moved(before.MemoryNs, after.MemoryNs));
    }
}
