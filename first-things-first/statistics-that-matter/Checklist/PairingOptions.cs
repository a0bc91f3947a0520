namespace StatisticsThatMatter.Checklist;

/// <summary>Explicit pairing for reports without baseline markers (or to override them).</summary>
/// <param name="Baselines">Method names; every other method of the same class, job and parameters is compared with it.</param>
/// <param name="Pairs">(baseline, candidate) method names, compared within the same class, job and parameters.</param>
public sealed record PairingOptions(IReadOnlyList<string> Baselines, IReadOnlyList<(string Baseline, string Candidate)> Pairs)
{
    /// <summary>No explicit pairing: use the report's markers.</summary>
    public static PairingOptions None { get; } = new([], []);

    /// <summary>True when the user named baselines or pairs.</summary>
    public bool IsExplicit => Baselines.Count > 0 || Pairs.Count > 0;
}
