using StorageEngine;

namespace WhyBenchmarksLie;

/// <summary>The two implementations the post compares: the "before" and the "after" of the optimization.</summary>
public enum Backend
{
    /// <summary><see cref="LockTable{TKey,TValue}"/>: Dictionary + one lock.</summary>
    Lock,

    /// <summary><see cref="StripedTable{TKey,TValue}"/>: ConcurrentDictionary.</summary>
    Striped,
}
