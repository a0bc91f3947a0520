namespace HandRolledHarness;

/// <summary>The note's fixed choices, which the later Mark steps turn into parameters.</summary>
public static class NoteParameters
{
    /// <summary>Mark1's first loop: one million calls.</summary>
    public const int Mark1Count = 1_000_000;

    /// <summary>Mark1's second try and Mark2 to Mark4: one hundred million calls.</summary>
    public const int Count = 100_000_000;

    /// <summary>Timed loops per measurement, Mark3 onwards (Mark8's n).</summary>
    public const int Repeats = 10;

    /// <summary>Mark5 onwards double the count until one loop takes at least this long (Mark8's minTime).</summary>
    public const double MinSeconds = 0.25;

    /// <summary>Doubling stops here so the count cannot overflow an int (about 10^9 calls, the note's side remark).</summary>
    public const int CountCap = int.MaxValue / 2;

    /// <summary>The argument of Mark0's single call.</summary>
    public const int Mark0Argument = 10;
}
