namespace LabRounds;

/// <summary>
/// How many rounds a case may be measured in: the lab's one definition, read by the posts' programs (<c>--rounds</c>),
/// the planner, the report's intervals and <c>ab</c>.
/// </summary>
public static class RoundLimits
{
    /// <summary>The rounds every case gets before the planner judges its claims: the least that gives a spread.</summary>
    public const int First = 3;

    /// <summary>
    /// The most rounds a case is measured in within one run. The confidence sequence is calibrated up to here
    /// (<see cref="ConfidenceSequence"/>): an interval from more rounds would not carry its stated level.
    /// </summary>
    public const int Max = 40;

    /// <summary>True when <paramref name="rounds"/> is a round count a run may ask for (1 to <see cref="Max"/>).</summary>
    public static bool IsValid(int rounds) => rounds is >= 1 and <= Max;
}
