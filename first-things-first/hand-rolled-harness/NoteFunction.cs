namespace HandRolledHarness;

/// <summary>A function the note measures, by the name it prints; the subtype says how a mark runs it.</summary>
public abstract record NoteFunction(string Name)
{
    /// <summary>The family a chart or table groups it with: math, binary_search or sort.</summary>
    public abstract string Group { get; }
}

/// <summary>A function of the call index alone (multiply and the Math functions): Mark6, Mark7 or Mark8.</summary>
public sealed record PlainFunction(string Name, Func<int, double> Function) : NoteFunction(Name)
{
    public override string Group => "math";
}

/// <summary>A binary-search design, timed by Mark8 at each size of the sweep up to <paramref name="MaxSize"/>.</summary>
public sealed record SearchFunction(string Name, Func<int, BinarySearchData, double> Function, int MaxSize) : NoteFunction(Name)
{
    public override string Group => "binary_search";
}

/// <summary>A sort of a shuffled array, timed by Mark8Setup at each size of the sweep up to <paramref name="MaxSize"/>.</summary>
public sealed record SortFunction(string Name, Action<int[]> Sort, int MaxSize) : NoteFunction(Name)
{
    public override string Group => "sort";
}
