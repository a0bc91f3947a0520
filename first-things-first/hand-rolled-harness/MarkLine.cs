using static System.FormattableString;

namespace HandRolledHarness;

/// <summary>The output line of Mark6 onwards: name, info, mean ns, standard deviation, count, in fixed columns.</summary>
public static class MarkLine
{
    public static string Format(string name, string info, MarkResult result) =>
        Invariant($"{name,-25} {info}{result.Mean,15:F1} {result.StandardDeviation,10:F2} {result.Count,10}");

    /// <summary>The info column of a problem size, fixed width so the numbers stay aligned.</summary>
    public static string SizeInfo(int size) => Invariant($"{size,8}");
}
