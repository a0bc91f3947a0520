using static System.FormattableString;

namespace HandRolledHarness;

/// <summary>
/// How every Mark step prints a time: the mean in ns with two decimals (<see cref="Ns"/>), and from Mark6 onwards the
/// whole line (<see cref="Format"/>): name, info, mean ns, standard deviation, count, in fixed columns.
/// </summary>
public static class MarkLine
{
    /// <summary>
    /// A mean time in ns. The note prints one decimal; the lab keeps two because its claims compare steps of a few ns
    /// (Mark2 and Mark8 on multiply, ~3.8 ns here), where a tenth of a ns is a 2.6% step: rounds rounded to the same
    /// 3.8 once gave a ratio interval of zero width, and 3.85 printed as 3.8 or 3.9 moves a ratio by 2.6% on its own.
    /// </summary>
    public static string Ns(double ns) => Invariant($"{ns,7:F2}");

    public static string Format(string name, string info, MarkResult result) =>
        Invariant($"{name,-25} {info}{Ns(result.Mean),16} {result.StandardDeviation,10:F2} {result.Count,10}");

    /// <summary>The info column of a problem size, fixed width so the numbers stay aligned.</summary>
    public static string SizeInfo(int size) => Invariant($"{size,8}");
}
