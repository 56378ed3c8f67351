/** Status 1: the order waits for its online payment. */
export const AWAITING_PAYMENT = 1

/** Where the order page's payment form is: the "pay" action of the list links there. */
export const PAY_FRAGMENT = 'pay'
