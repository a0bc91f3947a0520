namespace MeasurementLab;

/// <summary>The seed every post draws its generated data from, as the posts do: a run, and a test, can rebuild exactly what a benchmark saw.</summary>
public static class LabSeed
{
    /// <summary>The posts' <c>new Random(42)</c>.</summary>
    public const int Value = 42;
}
