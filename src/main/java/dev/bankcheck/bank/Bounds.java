package dev.bankcheck.bank;

/**
 * Worst and best conflict degree ("ways") that a data-dependent index can produce, with the input
 * that causes each.
 */
public record Bounds(int worst, int best, String worstCase, String bestCase) {}
