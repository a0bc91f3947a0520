using System.Globalization;
using MeasurementLab;

namespace LabReport.Ab;

/// <summary>
/// Which CPU each side of a duet round runs on. Duet benchmarking (Bulej et al., ICPE 2020) runs A and B at the same
/// time so that a disturbance of the machine lands on both; each is pinned to a CPU of its own so they do not take
/// turns on one, and the CPUs are swapped every round so a CPU that is slower (more interrupts, a busier sibling on
/// the host) does not side with A or B.
/// </summary>
public static class DuetPinning
{
    /// <summary>
    /// The two CPUs of a duet: the two highest of the allowed list (CPU 0 takes most interrupts). Fewer than two is a
    /// usage error: the sides would share one CPU, which is interleaving at the scheduler's whim.
    /// </summary>
    public static (int First, int Second) Pair(string? allowedList)
    {
        var cpus = Parse(allowedList);
        if (cpus.Count < 2)
        {
            string which = allowedList is null ? "unknown (no /proc/self/status)" : $"{cpus.Count} ({allowedList})";
            throw new UsageException($"--duet needs 2 CPUs, one per side, and this process may run on {which}: use interleaved rounds (leave out --duet)");
        }

        return (cpus[^2], cpus[^1]);
    }

    /// <summary>The CPU of A and of B in a round: the pair in order in odd rounds, swapped in even rounds.</summary>
    public static (int A, int B) ForRound(int round, (int First, int Second) pair)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(round, 1);
        return round % 2 == 1 ? (pair.First, pair.Second) : (pair.Second, pair.First);
    }

    /// <summary>Reads a kernel CPU list ("0-3,6,8-9") into CPU numbers, ascending; an unreadable list gives none.</summary>
    public static IReadOnlyList<int> Parse(string? list)
    {
        var cpus = new SortedSet<int>();
        foreach (string part in (list ?? "").Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            string[] ends = part.Split('-');
            if (ends.Length is < 1 or > 2 || !ends.All(e => int.TryParse(e, NumberStyles.None, CultureInfo.InvariantCulture, out _)))
            {
                return [];
            }

            int first = int.Parse(ends[0], CultureInfo.InvariantCulture);
            int last = int.Parse(ends[^1], CultureInfo.InvariantCulture);
            for (int cpu = first; cpu <= last; cpu++)
            {
                cpus.Add(cpu);
            }
        }

        return [.. cpus];
    }
}
