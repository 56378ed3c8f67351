/** Where the order page's payment form is: the "pay" action of the list links there. */
export const PAY_FRAGMENT = 'pay'
